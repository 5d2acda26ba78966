/*
 * msgcal: measures, on the machine it runs on, the SysV msg path costs the
 * multi-CPU model (src/engine/smp/constants.ts) needs. Not used by any test.
 *
 *   gcc -O2 -o /tmp/msgcal scripts/bench/kernel/msgcal.c && sudo chrt -f 50 /tmp/msgcal
 *
 * Needs 2 online CPUs (it pins to CPUs 0 and 1). chrt -f (SCHED_FIFO, root)
 * keeps other runnable tasks off the measured CPUs; without it a busy host
 * inflates every figure. Prints one line per figure, each the median of 7
 * runs (and their min and max):
 *   getppid       ns per getppid(): the bare system call entry + exit
 *   enomsg        ns per msgrcv(IPC_NOWAIT) on an empty queue: system call,
 *                 id lookup, queue lock, search, ENOMSG (no copy, no message)
 *   pair_1cpu     ns per msgsnd + msgrcv of a 4-byte message by one process
 *                 (the message is queued, then dequeued: no sleep, no wake-up)
 *   rtt_2cpu      ns per round trip of a two-process ping-pong through two
 *                 queues, processes on CPUs 0 and 1 (Manfred Spraul's pmsg
 *                 shape: each side sleeps in msgrcv, each send wakes the other)
 *   rtt_1cpu      the same ping-pong with both processes on CPU 0
 *   stream_2cpu   ns per message of a sender on CPU 0 and a receiver on CPU 1
 *                 running freely (stress-ng msg's shape, 4-byte messages)
 * From them: rtt_2cpu = 2 (pair path) + 2 wake-up latencies, i.e.
 * wake_latency ~ rtt_2cpu / 2 - pair_1cpu (the pair path includes the
 * queue/dequeue work that a pipelined hand-over partly skips).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct msg4 {
	long mtype;
	char text[4];
};

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void pin(int cpu)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0) {
		perror("sched_setaffinity");
		exit(1);
	}
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static int newq(void)
{
	int q = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	if (q < 0) {
		perror("msgget");
		exit(1);
	}
	return q;
}

static double getppid_ns(long n)
{
	double t0 = now_ns();
	for (long i = 0; i < n; i++)
		getppid();
	return (now_ns() - t0) / n;
}

static double pair_1cpu_ns(long n)
{
	struct msg4 m = { 1, "abc" };
	int q = newq();
	pin(0);
	double t0 = now_ns();
	for (long i = 0; i < n; i++) {
		if (msgsnd(q, &m, 4, 0) < 0 || msgrcv(q, &m, 4, 0, 0) < 0) {
			perror("pair");
			exit(1);
		}
	}
	double t = (now_ns() - t0) / n;
	msgctl(q, IPC_RMID, NULL);
	return t;
}

static double enomsg_ns(long n)
{
	struct msg4 m;
	int q = newq();
	pin(0);
	double t0 = now_ns();
	for (long i = 0; i < n; i++)
		msgrcv(q, &m, 4, 0, IPC_NOWAIT);
	double t = (now_ns() - t0) / n;
	msgctl(q, IPC_RMID, NULL);
	return t;
}

/* ping on cpu_a, pong on cpu_b: n round trips; ns per round trip */
static double rtt_ns(int cpu_a, int cpu_b, long n)
{
	struct msg4 m = { 1, "abc" };
	int a = newq(), b = newq();
	pid_t child = fork();
	if (child == 0) {
		pin(cpu_b);
		for (long i = 0; i < n; i++) {
			if (msgrcv(a, &m, 4, 0, 0) < 0 || msgsnd(b, &m, 4, 0) < 0)
				_exit(1);
		}
		_exit(0);
	}
	pin(cpu_a);
	/* one warm-up round trip so both sides are in place */
	double t0 = 0;
	for (long i = 0; i < n; i++) {
		if (i == 1)
			t0 = now_ns();
		if (msgsnd(a, &m, 4, 0) < 0 || msgrcv(b, &m, 4, 0, 0) < 0) {
			perror("ping");
			exit(1);
		}
	}
	double t = (now_ns() - t0) / (n - 1);
	waitpid(child, NULL, 0);
	msgctl(a, IPC_RMID, NULL);
	msgctl(b, IPC_RMID, NULL);
	return t;
}

/* sender on CPU 0, receiver on CPU 1, n messages; ns per message */
static double stream_ns(long n)
{
	struct msg4 m = { 1, "abc" };
	int q = newq();
	pid_t child = fork();
	if (child == 0) {
		pin(1);
		for (long i = 0; i < n; i++) {
			if (msgrcv(q, &m, 4, 0, 0) < 0)
				_exit(1);
		}
		_exit(0);
	}
	pin(0);
	double t0 = now_ns();
	for (long i = 0; i < n; i++) {
		if (msgsnd(q, &m, 4, 0) < 0) {
			perror("stream");
			exit(1);
		}
	}
	waitpid(child, NULL, 0);
	double t = (now_ns() - t0) / n;
	msgctl(q, IPC_RMID, NULL);
	return t;
}

#define RUNS 7

static void report(const char *name, double (*f)(long), long n)
{
	double v[RUNS];
	for (int i = 0; i < RUNS; i++)
		v[i] = f(n);
	qsort(v, RUNS, sizeof(v[0]), cmp);
	printf("%-12s %9.1f ns  (min %.1f, max %.1f; %ld iterations x %d runs)\n", name, v[RUNS / 2], v[0], v[RUNS - 1], n, RUNS);
}

static double rtt_2cpu(long n) { return rtt_ns(0, 1, n); }
static double rtt_1cpu(long n) { return rtt_ns(0, 0, n); }

int main(void)
{
	if (sysconf(_SC_NPROCESSORS_ONLN) < 2) {
		fprintf(stderr, "msgcal needs 2 online CPUs\n");
		return 1;
	}
	report("getppid", getppid_ns, 2000000);
	report("enomsg", enomsg_ns, 1000000);
	report("pair_1cpu", pair_1cpu_ns, 1000000);
	report("rtt_2cpu", rtt_2cpu, 200000);
	report("rtt_1cpu", rtt_1cpu, 200000);
	report("stream_2cpu", stream_ns, 1000000);
	return 0;
}
