/**
 * /proc/sysvipc (ipc/util.c, fs/seq_file.c) against the real kernel: workloads with the output Linux 6.18.44
 * (x86_64, fresh IPC namespace) printed for them under
 * linux-oracle/kernel_replay.py, compared the way compare.py compares (pid
 * and time columns only as zero / non-zero). Generated: re-run the
 * workloads through the replayer to refresh the expectations.
 */

import { describe, it } from 'vitest';
import { expectLikeLinux } from '../../ipc/ipc.test-helper';

describe('/proc/sysvipc on Linux 6.18', () => {
  it('rows show signed keys, octal modes, sizes and counters in fixed-width columns', () => {
    expectLikeLinux(
      `msgget(-2, IPC_CREAT|0666)
msgget(0x7fffffff, IPC_CREAT|0123)
msgget(-2147483648, IPC_CREAT|01777)
msgsnd(0, 5, 100, IPC_NOWAIT)
msgsnd(0, 6, 10, IPC_NOWAIT)
msgrcv(0, 0, 200, IPC_NOWAIT)
shmget(-5, 1000000, IPC_CREAT|0444)
semget(123456, 250, IPC_CREAT|0660)
cat /proc/sysvipc/msg
cat /proc/sysvipc/shm
cat /proc/sysvipc/sem
`,
      `msgget(0xfffffffe, IPC_CREAT|0666) = 0
msgget(0x7fffffff, IPC_CREAT|0123) = 1
msgget(0x80000000, IPC_CREAT|0777) = 2
msgsnd(0, 5, 100, IPC_NOWAIT) = 0
msgsnd(0, 6, 10, IPC_NOWAIT) = 0
msgrcv(0, 0, 200, IPC_NOWAIT) = 100
shmget(0xfffffffb, 1000000, IPC_CREAT|0444) = 0
semget(0x1e240, 250, IPC_CREAT|0660) = 0
cat /proc/sysvipc/msg = 4
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
        -2          0   666          10          1 16508 16508     0     0     0     0 1795981407 1795981407 1795981407
2147483647          1   123           0          0     0     0     0     0     0     0          0          0 1795981407
-2147483648          2   777           0          0     0     0     0     0     0     0          0          0 1795981407
cat /proc/sysvipc/shm = 2
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
        -5          0   444               1000000 16508     0      0     0     0     0     0          0          0 1795981407                     0                     0
cat /proc/sysvipc/sem = 2
       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime
    123456          0   660        250     0     0     0     0          0 1795981407
`,
    );
  });
  it('rows come in index order, not id or creation order', () => {
    expectLikeLinux(
      `for i in 0..4 { msgget(IPC_PRIVATE, 0) }
msgctl(0, IPC_RMID)
msgctl(2, IPC_RMID)
repeat 62 { q = msgget(IPC_PRIVATE, 0); msgctl(q, IPC_RMID) }
msgget(IPC_PRIVATE, 0)
msgget(IPC_PRIVATE, 0)
echo 30000 > /proc/sys/kernel/msg_next_id
msgget(IPC_PRIVATE, 0)
echo 5 > /proc/sys/kernel/msg_next_id
msgget(IPC_PRIVATE, 0)
cat /proc/sysvipc/msg
`,
      `msgget(IPC_PRIVATE, 000) = 0
msgget(IPC_PRIVATE, 000) = 1
msgget(IPC_PRIVATE, 000) = 2
msgget(IPC_PRIVATE, 000) = 3
msgctl(0, IPC_RMID) = 0
msgctl(2, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 4
msgctl(4, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 5
msgctl(5, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 6
msgctl(6, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 7
msgctl(7, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 8
msgctl(8, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 9
msgctl(9, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 10
msgctl(10, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 11
msgctl(11, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 12
msgctl(12, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 13
msgctl(13, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 14
msgctl(14, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 15
msgctl(15, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 16
msgctl(16, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 17
msgctl(17, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 18
msgctl(18, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 19
msgctl(19, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 20
msgctl(20, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 21
msgctl(21, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 22
msgctl(22, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 23
msgctl(23, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 24
msgctl(24, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 25
msgctl(25, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 26
msgctl(26, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 27
msgctl(27, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 28
msgctl(28, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 29
msgctl(29, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 30
msgctl(30, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 31
msgctl(31, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 32
msgctl(32, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 33
msgctl(33, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 34
msgctl(34, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 35
msgctl(35, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 36
msgctl(36, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 37
msgctl(37, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 38
msgctl(38, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 39
msgctl(39, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 40
msgctl(40, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 41
msgctl(41, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 42
msgctl(42, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 43
msgctl(43, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 44
msgctl(44, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 45
msgctl(45, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 46
msgctl(46, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 47
msgctl(47, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 48
msgctl(48, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 49
msgctl(49, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 50
msgctl(50, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 51
msgctl(51, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 52
msgctl(52, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 53
msgctl(53, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 54
msgctl(54, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 55
msgctl(55, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 56
msgctl(56, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 57
msgctl(57, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 58
msgctl(58, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 59
msgctl(59, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 60
msgctl(60, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 61
msgctl(61, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 62
msgctl(62, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 63
msgctl(63, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 32768
msgctl(32768, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 32770
msgctl(32770, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 32772
msgget(IPC_PRIVATE, 000) = 32773
echo 30000 > /proc/sys/kernel/msg_next_id = 0
msgget(IPC_PRIVATE, 000) = 30000
echo 5 > /proc/sys/kernel/msg_next_id = 0
msgget(IPC_PRIVATE, 000) = 6
cat /proc/sysvipc/msg = 7
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          1     0           0          0     0     0     0     0     0     0          0          0 1795981407
         0          3     0           0          0     0     0     0     0     0     0          0          0 1795981407
         0      32772     0           0          0     0     0     0     0     0     0          0          0 1795981407
         0      32773     0           0          0     0     0     0     0     0     0          0          0 1795981407
         0          6     0           0          0     0     0     0     0     0     0          0          0 1795981407
         0      30000     0           0          0     0     0     0     0     0     0          0          0 1795981407
`,
    );
  });
  it('the directory lists msg, sem, shm; unknown names are ENOENT and files are not directories', () => {
    expectLikeLinux(
      `ls -U /proc/sysvipc
ls -U /proc/sysvipc/
cat /proc/sysvipc/nope
cat /proc/sysvipc/msg/
ls -U /proc/sysvipc/msg
cat /proc/sysvipc
cat /proc/sysvipc/sem
`,
      `ls -U /proc/sysvipc = 3
msg
sem
shm
ls -U /proc/sysvipc/ = 3
msg
sem
shm
cat /proc/sysvipc/nope = -1 ENOENT (No such file or directory)
cat /proc/sysvipc/msg/ = -1 ENOTDIR (Not a directory)
ls -U /proc/sysvipc/msg = -1 ENOTDIR (Not a directory)
cat /proc/sysvipc = -1 EISDIR (Is a directory)
cat /proc/sysvipc/sem = 1
       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime
`,
    );
  });
  it('a long listing comes back whole however the pages split it', () => {
    expectLikeLinux(
      `for i in 0..200 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }
for i in 0..100 { shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) }
for i in 0..150 { semget(IPC_PRIVATE, 1, IPC_CREAT|0600) }
cat /proc/sysvipc/msg
cat /proc/sysvipc/shm
cat /proc/sysvipc/sem
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 1
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 2
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 3
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 4
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 5
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 6
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 7
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 8
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 9
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 10
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 11
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 12
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 13
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 14
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 15
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 16
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 17
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 18
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 19
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 20
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 21
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 22
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 23
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 24
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 25
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 26
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 27
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 28
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 29
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 30
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 31
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 32
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 33
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 34
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 35
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 36
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 37
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 38
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 39
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 40
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 41
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 42
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 43
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 44
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 45
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 46
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 47
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 48
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 49
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 50
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 51
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 52
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 53
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 54
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 55
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 56
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 57
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 58
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 59
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 60
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 61
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 62
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 63
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 64
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 65
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 66
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 67
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 68
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 69
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 70
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 71
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 72
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 73
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 74
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 75
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 76
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 77
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 78
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 79
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 80
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 81
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 82
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 83
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 84
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 85
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 86
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 87
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 88
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 89
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 90
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 91
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 92
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 93
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 94
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 95
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 96
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 97
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 98
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 99
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 100
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 101
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 102
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 103
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 104
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 105
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 106
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 107
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 108
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 109
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 110
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 111
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 112
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 113
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 114
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 115
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 116
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 117
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 118
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 119
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 120
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 121
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 122
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 123
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 124
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 125
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 126
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 127
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 128
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 129
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 130
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 131
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 132
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 133
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 134
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 135
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 136
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 137
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 138
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 139
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 140
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 141
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 142
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 143
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 144
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 145
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 146
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 147
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 148
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 149
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 150
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 151
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 152
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 153
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 154
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 155
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 156
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 157
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 158
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 159
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 160
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 161
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 162
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 163
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 164
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 165
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 166
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 167
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 168
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 169
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 170
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 171
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 172
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 173
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 174
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 175
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 176
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 177
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 178
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 179
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 180
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 181
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 182
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 183
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 184
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 185
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 186
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 187
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 188
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 189
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 190
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 191
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 192
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 193
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 194
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 195
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 196
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 197
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 198
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 199
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 0
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 1
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 2
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 3
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 4
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 5
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 6
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 7
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 8
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 9
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 10
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 11
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 12
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 13
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 14
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 15
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 16
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 17
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 18
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 19
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 20
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 21
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 22
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 23
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 24
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 25
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 26
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 27
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 28
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 29
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 30
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 31
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 32
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 33
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 34
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 35
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 36
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 37
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 38
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 39
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 40
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 41
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 42
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 43
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 44
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 45
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 46
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 47
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 48
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 49
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 50
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 51
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 52
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 53
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 54
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 55
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 56
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 57
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 58
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 59
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 60
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 61
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 62
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 63
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 64
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 65
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 66
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 67
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 68
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 69
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 70
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 71
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 72
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 73
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 74
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 75
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 76
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 77
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 78
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 79
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 80
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 81
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 82
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 83
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 84
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 85
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 86
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 87
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 88
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 89
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 90
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 91
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 92
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 93
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 94
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 95
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 96
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 97
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 98
shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = 99
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 0
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 1
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 2
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 3
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 4
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 5
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 6
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 7
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 8
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 9
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 10
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 11
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 12
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 13
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 14
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 15
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 16
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 17
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 18
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 19
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 20
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 21
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 22
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 23
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 24
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 25
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 26
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 27
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 28
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 29
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 30
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 31
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 32
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 33
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 34
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 35
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 36
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 37
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 38
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 39
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 40
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 41
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 42
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 43
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 44
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 45
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 46
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 47
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 48
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 49
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 50
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 51
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 52
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 53
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 54
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 55
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 56
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 57
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 58
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 59
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 60
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 61
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 62
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 63
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 64
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 65
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 66
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 67
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 68
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 69
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 70
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 71
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 72
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 73
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 74
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 75
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 76
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 77
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 78
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 79
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 80
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 81
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 82
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 83
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 84
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 85
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 86
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 87
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 88
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 89
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 90
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 91
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 92
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 93
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 94
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 95
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 96
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 97
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 98
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 99
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 100
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 101
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 102
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 103
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 104
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 105
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 106
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 107
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 108
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 109
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 110
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 111
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 112
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 113
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 114
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 115
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 116
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 117
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 118
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 119
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 120
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 121
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 122
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 123
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 124
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 125
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 126
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 127
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 128
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 129
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 130
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 131
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 132
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 133
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 134
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 135
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 136
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 137
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 138
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 139
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 140
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 141
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 142
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 143
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 144
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 145
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 146
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 147
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 148
semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 149
cat /proc/sysvipc/msg = 201
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          0   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0          1   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0          2   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0          3   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0          4   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0          5   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0          6   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0          7   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0          8   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0          9   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         10   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         11   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         12   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         13   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         14   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         15   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         16   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         17   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         18   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         19   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         20   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         21   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         22   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         23   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         24   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         25   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         26   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         27   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         28   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         29   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         30   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         31   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         32   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         33   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         34   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         35   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         36   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         37   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         38   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         39   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         40   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         41   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         42   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         43   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         44   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         45   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         46   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         47   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         48   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         49   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         50   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         51   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         52   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         53   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         54   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         55   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         56   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         57   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         58   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         59   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         60   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         61   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         62   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         63   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         64   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         65   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         66   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         67   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         68   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         69   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         70   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         71   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         72   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         73   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         74   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         75   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         76   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         77   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         78   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         79   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         80   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         81   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         82   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         83   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         84   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         85   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         86   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         87   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         88   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         89   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         90   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         91   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         92   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         93   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         94   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         95   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         96   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         97   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         98   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0         99   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        100   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        101   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        102   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        103   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        104   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        105   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        106   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        107   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        108   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        109   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        110   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        111   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        112   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        113   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        114   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        115   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        116   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        117   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        118   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        119   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        120   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        121   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        122   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        123   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        124   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        125   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        126   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        127   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        128   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        129   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        130   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        131   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        132   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        133   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        134   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        135   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        136   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        137   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        138   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        139   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        140   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        141   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        142   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        143   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        144   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        145   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        146   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        147   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        148   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        149   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        150   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        151   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        152   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        153   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        154   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        155   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        156   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        157   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        158   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        159   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        160   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        161   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        162   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        163   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        164   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        165   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        166   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        167   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        168   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        169   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        170   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        171   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        172   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        173   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        174   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        175   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        176   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        177   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        178   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        179   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        180   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        181   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        182   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        183   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        184   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        185   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        186   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        187   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        188   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        189   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        190   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        191   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        192   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        193   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        194   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        195   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        196   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        197   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        198   600           0          0     0     0     0     0     0     0          0          0 1795981407
         0        199   600           0          0     0     0     0     0     0     0          0          0 1795981407
cat /proc/sysvipc/shm = 101
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0          0   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0          1   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0          2   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0          3   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0          4   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0          5   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0          6   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0          7   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0          8   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0          9   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         10   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         11   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         12   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         13   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         14   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         15   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         16   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         17   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         18   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         19   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         20   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         21   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         22   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         23   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         24   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         25   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         26   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         27   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         28   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         29   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         30   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         31   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         32   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         33   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         34   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         35   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         36   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         37   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         38   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         39   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         40   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         41   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         42   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         43   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         44   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         45   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         46   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         47   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         48   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         49   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         50   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         51   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         52   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         53   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         54   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         55   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         56   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         57   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         58   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         59   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         60   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         61   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         62   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         63   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         64   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         65   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         66   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         67   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         68   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         69   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         70   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         71   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         72   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         73   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         74   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         75   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         76   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         77   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         78   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         79   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         80   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         81   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         82   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         83   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         84   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         85   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         86   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         87   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         88   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         89   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         90   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         91   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         92   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         93   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         94   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         95   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         96   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         97   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         98   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
         0         99   600                  4096 16514     0      0     0     0     0     0          0          0 1795981407                     0                     0
cat /proc/sysvipc/sem = 151
       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime
         0          0   600          1     0     0     0     0          0 1795981407
         0          1   600          1     0     0     0     0          0 1795981407
         0          2   600          1     0     0     0     0          0 1795981407
         0          3   600          1     0     0     0     0          0 1795981407
         0          4   600          1     0     0     0     0          0 1795981407
         0          5   600          1     0     0     0     0          0 1795981407
         0          6   600          1     0     0     0     0          0 1795981407
         0          7   600          1     0     0     0     0          0 1795981407
         0          8   600          1     0     0     0     0          0 1795981407
         0          9   600          1     0     0     0     0          0 1795981407
         0         10   600          1     0     0     0     0          0 1795981407
         0         11   600          1     0     0     0     0          0 1795981407
         0         12   600          1     0     0     0     0          0 1795981407
         0         13   600          1     0     0     0     0          0 1795981407
         0         14   600          1     0     0     0     0          0 1795981407
         0         15   600          1     0     0     0     0          0 1795981407
         0         16   600          1     0     0     0     0          0 1795981407
         0         17   600          1     0     0     0     0          0 1795981407
         0         18   600          1     0     0     0     0          0 1795981407
         0         19   600          1     0     0     0     0          0 1795981407
         0         20   600          1     0     0     0     0          0 1795981407
         0         21   600          1     0     0     0     0          0 1795981407
         0         22   600          1     0     0     0     0          0 1795981407
         0         23   600          1     0     0     0     0          0 1795981407
         0         24   600          1     0     0     0     0          0 1795981407
         0         25   600          1     0     0     0     0          0 1795981407
         0         26   600          1     0     0     0     0          0 1795981407
         0         27   600          1     0     0     0     0          0 1795981407
         0         28   600          1     0     0     0     0          0 1795981407
         0         29   600          1     0     0     0     0          0 1795981407
         0         30   600          1     0     0     0     0          0 1795981407
         0         31   600          1     0     0     0     0          0 1795981407
         0         32   600          1     0     0     0     0          0 1795981407
         0         33   600          1     0     0     0     0          0 1795981407
         0         34   600          1     0     0     0     0          0 1795981407
         0         35   600          1     0     0     0     0          0 1795981407
         0         36   600          1     0     0     0     0          0 1795981407
         0         37   600          1     0     0     0     0          0 1795981407
         0         38   600          1     0     0     0     0          0 1795981407
         0         39   600          1     0     0     0     0          0 1795981407
         0         40   600          1     0     0     0     0          0 1795981407
         0         41   600          1     0     0     0     0          0 1795981407
         0         42   600          1     0     0     0     0          0 1795981407
         0         43   600          1     0     0     0     0          0 1795981407
         0         44   600          1     0     0     0     0          0 1795981407
         0         45   600          1     0     0     0     0          0 1795981407
         0         46   600          1     0     0     0     0          0 1795981407
         0         47   600          1     0     0     0     0          0 1795981407
         0         48   600          1     0     0     0     0          0 1795981407
         0         49   600          1     0     0     0     0          0 1795981407
         0         50   600          1     0     0     0     0          0 1795981407
         0         51   600          1     0     0     0     0          0 1795981407
         0         52   600          1     0     0     0     0          0 1795981407
         0         53   600          1     0     0     0     0          0 1795981407
         0         54   600          1     0     0     0     0          0 1795981407
         0         55   600          1     0     0     0     0          0 1795981407
         0         56   600          1     0     0     0     0          0 1795981407
         0         57   600          1     0     0     0     0          0 1795981407
         0         58   600          1     0     0     0     0          0 1795981407
         0         59   600          1     0     0     0     0          0 1795981407
         0         60   600          1     0     0     0     0          0 1795981407
         0         61   600          1     0     0     0     0          0 1795981407
         0         62   600          1     0     0     0     0          0 1795981407
         0         63   600          1     0     0     0     0          0 1795981407
         0         64   600          1     0     0     0     0          0 1795981407
         0         65   600          1     0     0     0     0          0 1795981407
         0         66   600          1     0     0     0     0          0 1795981407
         0         67   600          1     0     0     0     0          0 1795981407
         0         68   600          1     0     0     0     0          0 1795981407
         0         69   600          1     0     0     0     0          0 1795981407
         0         70   600          1     0     0     0     0          0 1795981407
         0         71   600          1     0     0     0     0          0 1795981407
         0         72   600          1     0     0     0     0          0 1795981407
         0         73   600          1     0     0     0     0          0 1795981407
         0         74   600          1     0     0     0     0          0 1795981407
         0         75   600          1     0     0     0     0          0 1795981407
         0         76   600          1     0     0     0     0          0 1795981407
         0         77   600          1     0     0     0     0          0 1795981407
         0         78   600          1     0     0     0     0          0 1795981407
         0         79   600          1     0     0     0     0          0 1795981407
         0         80   600          1     0     0     0     0          0 1795981407
         0         81   600          1     0     0     0     0          0 1795981407
         0         82   600          1     0     0     0     0          0 1795981407
         0         83   600          1     0     0     0     0          0 1795981407
         0         84   600          1     0     0     0     0          0 1795981407
         0         85   600          1     0     0     0     0          0 1795981407
         0         86   600          1     0     0     0     0          0 1795981407
         0         87   600          1     0     0     0     0          0 1795981407
         0         88   600          1     0     0     0     0          0 1795981407
         0         89   600          1     0     0     0     0          0 1795981407
         0         90   600          1     0     0     0     0          0 1795981407
         0         91   600          1     0     0     0     0          0 1795981407
         0         92   600          1     0     0     0     0          0 1795981407
         0         93   600          1     0     0     0     0          0 1795981407
         0         94   600          1     0     0     0     0          0 1795981407
         0         95   600          1     0     0     0     0          0 1795981407
         0         96   600          1     0     0     0     0          0 1795981407
         0         97   600          1     0     0     0     0          0 1795981407
         0         98   600          1     0     0     0     0          0 1795981407
         0         99   600          1     0     0     0     0          0 1795981407
         0        100   600          1     0     0     0     0          0 1795981407
         0        101   600          1     0     0     0     0          0 1795981407
         0        102   600          1     0     0     0     0          0 1795981407
         0        103   600          1     0     0     0     0          0 1795981407
         0        104   600          1     0     0     0     0          0 1795981407
         0        105   600          1     0     0     0     0          0 1795981407
         0        106   600          1     0     0     0     0          0 1795981407
         0        107   600          1     0     0     0     0          0 1795981407
         0        108   600          1     0     0     0     0          0 1795981407
         0        109   600          1     0     0     0     0          0 1795981407
         0        110   600          1     0     0     0     0          0 1795981407
         0        111   600          1     0     0     0     0          0 1795981407
         0        112   600          1     0     0     0     0          0 1795981407
         0        113   600          1     0     0     0     0          0 1795981407
         0        114   600          1     0     0     0     0          0 1795981407
         0        115   600          1     0     0     0     0          0 1795981407
         0        116   600          1     0     0     0     0          0 1795981407
         0        117   600          1     0     0     0     0          0 1795981407
         0        118   600          1     0     0     0     0          0 1795981407
         0        119   600          1     0     0     0     0          0 1795981407
         0        120   600          1     0     0     0     0          0 1795981407
         0        121   600          1     0     0     0     0          0 1795981407
         0        122   600          1     0     0     0     0          0 1795981407
         0        123   600          1     0     0     0     0          0 1795981407
         0        124   600          1     0     0     0     0          0 1795981407
         0        125   600          1     0     0     0     0          0 1795981407
         0        126   600          1     0     0     0     0          0 1795981407
         0        127   600          1     0     0     0     0          0 1795981407
         0        128   600          1     0     0     0     0          0 1795981407
         0        129   600          1     0     0     0     0          0 1795981407
         0        130   600          1     0     0     0     0          0 1795981407
         0        131   600          1     0     0     0     0          0 1795981407
         0        132   600          1     0     0     0     0          0 1795981407
         0        133   600          1     0     0     0     0          0 1795981407
         0        134   600          1     0     0     0     0          0 1795981407
         0        135   600          1     0     0     0     0          0 1795981407
         0        136   600          1     0     0     0     0          0 1795981407
         0        137   600          1     0     0     0     0          0 1795981407
         0        138   600          1     0     0     0     0          0 1795981407
         0        139   600          1     0     0     0     0          0 1795981407
         0        140   600          1     0     0     0     0          0 1795981407
         0        141   600          1     0     0     0     0          0 1795981407
         0        142   600          1     0     0     0     0          0 1795981407
         0        143   600          1     0     0     0     0          0 1795981407
         0        144   600          1     0     0     0     0          0 1795981407
         0        145   600          1     0     0     0     0          0 1795981407
         0        146   600          1     0     0     0     0          0 1795981407
         0        147   600          1     0     0     0     0          0 1795981407
         0        148   600          1     0     0     0     0          0 1795981407
         0        149   600          1     0     0     0     0          0 1795981407
`,
    );
  });
});
