/*
 * ipctimer: runs one benchmark workload on the host kernel, in fresh
 * namespaces of its own, and prints its timings as one JSON line.
 *
 *   ipctimer shm N       echo N > shmmni; N x shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600);
 *                        read /proc/sysvipc/shm to EOF (128 KiB buffer, as cat);
 *                        shmctl(id, IPC_RMID) for every id
 *   ipctimer msg N       the same with msgget / /proc/sysvipc/msg / msgctl (msgmni = N)
 *   ipctimer nextid N ID N x { echo ID > msg_next_id; q = msgget(IPC_PRIVATE, IPC_CREAT|0600);
 *                        msgctl(q, IPC_RMID) }
 *   ipctimer ifb N       N x `ip link add type ifb` (RTM_NEWLINK, no name, over rtnetlink)
 *
 * Each step is what the workload language's statement does on the reference
 * recorder (docs/WORKLOAD-LANGUAGE.md): an `echo` is open(O_WRONLY|O_TRUNC) +
 * write + close, a `cat` is open + read(2) of 128 KiB until EOF + close.
 * The process first calls unshare(CLONE_NEWIPC) (plus CLONE_NEWNET for ifb),
 * so it starts from an empty IPC namespace whatever the host holds; the
 * namespace dies with the process. Times: CLOCK_MONOTONIC, from after the
 * unshare to the end of the last call, in milliseconds.
 *
 * Output: {"workload":"shm","n":32768,"total_ms":..,"parts":{"create_ms":..,..},"check":{..}}
 * Exit 0 on success; 1 with a message on stderr when a call fails;
 * 77 when the namespaces cannot be made (not root, no user namespaces).
 * Build: cc -O2 -o ipctimer ipctimer.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void die(const char *what)
{
	fprintf(stderr, "ipctimer: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* `echo VALUE > PATH` as the recorder does it. */
static void echo_to(const char *path, const char *value)
{
	char line[64];
	int len = snprintf(line, sizeof(line), "%s\n", value);
	int fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		die(path);
	if (write(fd, line, len) != len)
		die(path);
	close(fd);
}

/* `cat PATH` without the output: read(2) with a 128 KiB buffer to EOF (reads counts the last, empty one too). */
static void cat(const char *path, long *bytes, long *reads)
{
	static char buf[131072];
	int fd = open(path, O_RDONLY);
	ssize_t r;
	if (fd < 0)
		die(path);
	*bytes = 0;
	*reads = 0;
	do {
		r = read(fd, buf, sizeof(buf));
		(*reads)++;
		if (r > 0)
			*bytes += r;
	} while (r > 0);
	if (r < 0)
		die(path);
	close(fd);
}

static int fill_read_remove(int shm, int n)
{
	int *ids = malloc(sizeof(int) * n);
	long bytes, reads;
	char nbuf[16];
	int i, wrong_ids = 0;
	double t0, t1, t2, t3;

	snprintf(nbuf, sizeof(nbuf), "%d", n);
	t0 = now_ms();
	echo_to(shm ? "/proc/sys/kernel/shmmni" : "/proc/sys/kernel/msgmni", nbuf);
	for (i = 0; i < n; i++) {
		ids[i] = shm ? shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600) : msgget(IPC_PRIVATE, IPC_CREAT | 0600);
		if (ids[i] < 0)
			die(shm ? "shmget" : "msgget");
		wrong_ids += ids[i] != i;
	}
	t1 = now_ms();
	cat(shm ? "/proc/sysvipc/shm" : "/proc/sysvipc/msg", &bytes, &reads);
	t2 = now_ms();
	for (i = 0; i < n; i++)
		if ((shm ? shmctl(ids[i], IPC_RMID, NULL) : msgctl(ids[i], IPC_RMID, NULL)) < 0)
			die(shm ? "shmctl" : "msgctl");
	t3 = now_ms();
	printf("{\"workload\":\"%s\",\"n\":%d,\"total_ms\":%.3f,"
	       "\"parts\":{\"create_ms\":%.3f,\"read_ms\":%.3f,\"remove_ms\":%.3f},"
	       "\"check\":{\"bytes\":%ld,\"reads\":%ld,\"ids_not_equal_to_index\":%d}}\n",
	       shm ? "shm" : "msg", n, t3 - t0, t1 - t0, t2 - t1, t3 - t2, bytes, reads, wrong_ids);
	free(ids);
	return 0;
}

static int nextid_loop(int n, const char *id)
{
	long want = strtol(id, NULL, 10);
	int i, wrong = 0;
	double t0 = now_ms();
	for (i = 0; i < n; i++) {
		int q;
		echo_to("/proc/sys/kernel/msg_next_id", id);
		q = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
		if (q < 0)
			die("msgget");
		wrong += q != want;
		if (msgctl(q, IPC_RMID, NULL) < 0)
			die("msgctl");
	}
	printf("{\"workload\":\"nextid\",\"n\":%d,\"total_ms\":%.3f,\"parts\":{},"
	       "\"check\":{\"ids_not_equal_to_next_id\":%d}}\n",
	       n, now_ms() - t0, wrong);
	return 0;
}

/* Appends one rtattr to the message; returns it (for nesting). */
static struct rtattr *add_attr(struct nlmsghdr *h, unsigned short type, const void *data, int len)
{
	struct rtattr *rta = (struct rtattr *)((char *)h + NLMSG_ALIGN(h->nlmsg_len));
	rta->rta_type = type;
	rta->rta_len = RTA_LENGTH(len);
	if (len)
		memcpy(RTA_DATA(rta), data, len);
	h->nlmsg_len = NLMSG_ALIGN(h->nlmsg_len) + RTA_ALIGN(rta->rta_len);
	return rta;
}

static int ifb_add(int n)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	int i;
	double t0;
	if (fd < 0)
		die("socket(NETLINK_ROUTE)");
	t0 = now_ms();
	for (i = 0; i < n; i++) {
		union {
			struct nlmsghdr h;
			char buf[256];
		} req;
		char ack[1024];
		struct rtattr *linkinfo;
		struct ifinfomsg *ifi;
		struct nlmsgerr *err;
		ssize_t r;

		memset(&req, 0, sizeof(req));
		req.h.nlmsg_len = NLMSG_LENGTH(sizeof(struct ifinfomsg));
		req.h.nlmsg_type = RTM_NEWLINK;
		req.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE | NLM_F_EXCL;
		req.h.nlmsg_seq = i + 1;
		ifi = NLMSG_DATA(&req.h);
		ifi->ifi_family = AF_UNSPEC;
		linkinfo = add_attr(&req.h, IFLA_LINKINFO, NULL, 0);
		add_attr(&req.h, IFLA_INFO_KIND, "ifb", 4);
		linkinfo->rta_len = (char *)&req.h + req.h.nlmsg_len - (char *)linkinfo;
		if (sendto(fd, &req, req.h.nlmsg_len, 0, (struct sockaddr *)&kernel, sizeof(kernel)) < 0)
			die("sendto(RTM_NEWLINK)");
		r = recv(fd, ack, sizeof(ack), 0);
		if (r < (ssize_t)NLMSG_LENGTH(sizeof(struct nlmsgerr)))
			die("recv(ack)");
		err = NLMSG_DATA((struct nlmsghdr *)ack);
		if (err->error != 0) {
			errno = -err->error;
			die("RTM_NEWLINK type ifb");
		}
	}
	printf("{\"workload\":\"ifb\",\"n\":%d,\"total_ms\":%.3f,\"parts\":{},\"check\":{}}\n",
	       n, now_ms() - t0);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	int n, net;
	if (argc < 3 || (n = atoi(argv[2])) <= 0) {
		fprintf(stderr, "usage: ipctimer shm|msg|ifb N | ipctimer nextid N ID\n");
		return 2;
	}
	net = !strcmp(argv[1], "ifb");
	if (unshare(CLONE_NEWIPC | (net ? CLONE_NEWNET : 0)) < 0) {
		fprintf(stderr, "ipctimer: unshare: %s (root needed)\n", strerror(errno));
		return 77;
	}
	if (!strcmp(argv[1], "shm"))
		return fill_read_remove(1, n);
	if (!strcmp(argv[1], "msg"))
		return fill_read_remove(0, n);
	if (!strcmp(argv[1], "nextid") && argc == 4)
		return nextid_loop(n, argv[3]);
	if (net)
		return ifb_add(n);
	fprintf(stderr, "ipctimer: unknown workload %s\n", argv[1]);
	return 2;
}
