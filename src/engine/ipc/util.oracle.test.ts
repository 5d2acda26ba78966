/**
 * SysV IPC identifiers (ipc/util.c) against the real kernel: workloads with the output Linux 6.18.44
 * (x86_64, fresh IPC namespace) printed for them under
 * linux-oracle/kernel_replay.py, compared the way compare.py compares (pid
 * and time columns only as zero / non-zero). Generated: re-run the
 * workloads through the replayer to refresh the expectations.
 */

import { describe, it } from 'vitest';
import { expectLikeLinux } from './ipc.test-helper';

describe('ipc ids on Linux 6.18', () => {
  it('a freed index is not reused at once: ids cycle through idx 0..63, then wrap with seq 1', () => {
    expectLikeLinux(
      `repeat 66 { q = msgget(IPC_PRIVATE, IPC_CREAT|0600); msgctl(q, IPC_RMID) }
msgctl(0, MSG_INFO)
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgctl(0, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 1
msgctl(1, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 2
msgctl(2, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 3
msgctl(3, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 4
msgctl(4, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 5
msgctl(5, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 6
msgctl(6, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 7
msgctl(7, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 8
msgctl(8, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 9
msgctl(9, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 10
msgctl(10, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 11
msgctl(11, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 12
msgctl(12, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 13
msgctl(13, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 14
msgctl(14, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 15
msgctl(15, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 16
msgctl(16, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 17
msgctl(17, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 18
msgctl(18, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 19
msgctl(19, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 20
msgctl(20, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 21
msgctl(21, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 22
msgctl(22, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 23
msgctl(23, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 24
msgctl(24, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 25
msgctl(25, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 26
msgctl(26, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 27
msgctl(27, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 28
msgctl(28, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 29
msgctl(29, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 30
msgctl(30, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 31
msgctl(31, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 32
msgctl(32, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 33
msgctl(33, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 34
msgctl(34, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 35
msgctl(35, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 36
msgctl(36, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 37
msgctl(37, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 38
msgctl(38, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 39
msgctl(39, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 40
msgctl(40, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 41
msgctl(41, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 42
msgctl(42, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 43
msgctl(43, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 44
msgctl(44, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 45
msgctl(45, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 46
msgctl(46, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 47
msgctl(47, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 48
msgctl(48, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 49
msgctl(49, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 50
msgctl(50, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 51
msgctl(51, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 52
msgctl(52, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 53
msgctl(53, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 54
msgctl(54, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 55
msgctl(55, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 56
msgctl(56, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 57
msgctl(57, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 58
msgctl(58, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 59
msgctl(59, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 60
msgctl(60, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 61
msgctl(61, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 62
msgctl(62, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 63
msgctl(63, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 32768
msgctl(32768, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 32769
msgctl(32769, IPC_RMID) = 0
msgctl(0, MSG_INFO) = 0
`,
    );
  });
  it('the cyclic window is in_use*3/2 (150 for 100 queues) and shrinks back to 64, wrapping to idx 0 with a seq bump', () => {
    expectLikeLinux(
      `for i in 0..100 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }
repeat 52 { q = msgget(IPC_PRIVATE, IPC_CREAT|0600); msgctl(q, IPC_RMID) }
for i in 0..90 { msgctl(i, IPC_RMID) }
msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgctl(0, MSG_INFO)
msgctl(0, IPC_INFO)
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
msgctl(100, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 101
msgctl(101, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 102
msgctl(102, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 103
msgctl(103, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 104
msgctl(104, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 105
msgctl(105, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 106
msgctl(106, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 107
msgctl(107, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 108
msgctl(108, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 109
msgctl(109, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 110
msgctl(110, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 111
msgctl(111, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 112
msgctl(112, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 113
msgctl(113, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 114
msgctl(114, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 115
msgctl(115, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 116
msgctl(116, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 117
msgctl(117, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 118
msgctl(118, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 119
msgctl(119, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 120
msgctl(120, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 121
msgctl(121, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 122
msgctl(122, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 123
msgctl(123, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 124
msgctl(124, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 125
msgctl(125, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 126
msgctl(126, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 127
msgctl(127, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 128
msgctl(128, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 129
msgctl(129, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 130
msgctl(130, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 131
msgctl(131, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 132
msgctl(132, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 133
msgctl(133, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 134
msgctl(134, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 135
msgctl(135, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 136
msgctl(136, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 137
msgctl(137, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 138
msgctl(138, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 139
msgctl(139, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 140
msgctl(140, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 141
msgctl(141, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 142
msgctl(142, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 143
msgctl(143, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 144
msgctl(144, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 145
msgctl(145, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 146
msgctl(146, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 147
msgctl(147, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 148
msgctl(148, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 149
msgctl(149, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 32868
msgctl(32868, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 32869
msgctl(32869, IPC_RMID) = 0
msgctl(0, IPC_RMID) = 0
msgctl(1, IPC_RMID) = 0
msgctl(2, IPC_RMID) = 0
msgctl(3, IPC_RMID) = 0
msgctl(4, IPC_RMID) = 0
msgctl(5, IPC_RMID) = 0
msgctl(6, IPC_RMID) = 0
msgctl(7, IPC_RMID) = 0
msgctl(8, IPC_RMID) = 0
msgctl(9, IPC_RMID) = 0
msgctl(10, IPC_RMID) = 0
msgctl(11, IPC_RMID) = 0
msgctl(12, IPC_RMID) = 0
msgctl(13, IPC_RMID) = 0
msgctl(14, IPC_RMID) = 0
msgctl(15, IPC_RMID) = 0
msgctl(16, IPC_RMID) = 0
msgctl(17, IPC_RMID) = 0
msgctl(18, IPC_RMID) = 0
msgctl(19, IPC_RMID) = 0
msgctl(20, IPC_RMID) = 0
msgctl(21, IPC_RMID) = 0
msgctl(22, IPC_RMID) = 0
msgctl(23, IPC_RMID) = 0
msgctl(24, IPC_RMID) = 0
msgctl(25, IPC_RMID) = 0
msgctl(26, IPC_RMID) = 0
msgctl(27, IPC_RMID) = 0
msgctl(28, IPC_RMID) = 0
msgctl(29, IPC_RMID) = 0
msgctl(30, IPC_RMID) = 0
msgctl(31, IPC_RMID) = 0
msgctl(32, IPC_RMID) = 0
msgctl(33, IPC_RMID) = 0
msgctl(34, IPC_RMID) = 0
msgctl(35, IPC_RMID) = 0
msgctl(36, IPC_RMID) = 0
msgctl(37, IPC_RMID) = 0
msgctl(38, IPC_RMID) = 0
msgctl(39, IPC_RMID) = 0
msgctl(40, IPC_RMID) = 0
msgctl(41, IPC_RMID) = 0
msgctl(42, IPC_RMID) = 0
msgctl(43, IPC_RMID) = 0
msgctl(44, IPC_RMID) = 0
msgctl(45, IPC_RMID) = 0
msgctl(46, IPC_RMID) = 0
msgctl(47, IPC_RMID) = 0
msgctl(48, IPC_RMID) = 0
msgctl(49, IPC_RMID) = 0
msgctl(50, IPC_RMID) = 0
msgctl(51, IPC_RMID) = 0
msgctl(52, IPC_RMID) = 0
msgctl(53, IPC_RMID) = 0
msgctl(54, IPC_RMID) = 0
msgctl(55, IPC_RMID) = 0
msgctl(56, IPC_RMID) = 0
msgctl(57, IPC_RMID) = 0
msgctl(58, IPC_RMID) = 0
msgctl(59, IPC_RMID) = 0
msgctl(60, IPC_RMID) = 0
msgctl(61, IPC_RMID) = 0
msgctl(62, IPC_RMID) = 0
msgctl(63, IPC_RMID) = 0
msgctl(64, IPC_RMID) = 0
msgctl(65, IPC_RMID) = 0
msgctl(66, IPC_RMID) = 0
msgctl(67, IPC_RMID) = 0
msgctl(68, IPC_RMID) = 0
msgctl(69, IPC_RMID) = 0
msgctl(70, IPC_RMID) = 0
msgctl(71, IPC_RMID) = 0
msgctl(72, IPC_RMID) = 0
msgctl(73, IPC_RMID) = 0
msgctl(74, IPC_RMID) = 0
msgctl(75, IPC_RMID) = 0
msgctl(76, IPC_RMID) = 0
msgctl(77, IPC_RMID) = 0
msgctl(78, IPC_RMID) = 0
msgctl(79, IPC_RMID) = 0
msgctl(80, IPC_RMID) = 0
msgctl(81, IPC_RMID) = 0
msgctl(82, IPC_RMID) = 0
msgctl(83, IPC_RMID) = 0
msgctl(84, IPC_RMID) = 0
msgctl(85, IPC_RMID) = 0
msgctl(86, IPC_RMID) = 0
msgctl(87, IPC_RMID) = 0
msgctl(88, IPC_RMID) = 0
msgctl(89, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 65536
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 65537
msgctl(0, MSG_INFO) = 99
msgctl(0, IPC_INFO) = 99
`,
    );
  });
  it('the allocator trace of kernel-notes 1.11 gives 32770 then 32772, and stale ids are EINVAL', () => {
    expectLikeLinux(
      `for i in 0..5 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }
msgctl(4, IPC_RMID)
msgctl(0, MSG_INFO)
msgctl(2, IPC_RMID)
msgctl(0, MSG_INFO)
msgget(IPC_PRIVATE, IPC_CREAT|0600)
for i in 6..64 { q = msgget(IPC_PRIVATE, IPC_CREAT|0600); msgctl(q, IPC_RMID) }
q = msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgctl(q, IPC_RMID)
msgget(IPC_PRIVATE, IPC_CREAT|0600)
cat /proc/sysvipc/msg
msgctl(1, IPC_STAT)
msgctl(32769, IPC_STAT)
msgctl(32772, IPC_STAT)
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 1
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 2
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 3
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 4
msgctl(4, IPC_RMID) = 0
msgctl(0, MSG_INFO) = 3
msgctl(2, IPC_RMID) = 0
msgctl(0, MSG_INFO) = 3
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 5
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 6
msgctl(6, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 7
msgctl(7, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 8
msgctl(8, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 9
msgctl(9, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 10
msgctl(10, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 11
msgctl(11, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 12
msgctl(12, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 13
msgctl(13, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 14
msgctl(14, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 15
msgctl(15, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 16
msgctl(16, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 17
msgctl(17, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 18
msgctl(18, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 19
msgctl(19, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 20
msgctl(20, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 21
msgctl(21, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 22
msgctl(22, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 23
msgctl(23, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 24
msgctl(24, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 25
msgctl(25, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 26
msgctl(26, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 27
msgctl(27, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 28
msgctl(28, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 29
msgctl(29, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 30
msgctl(30, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 31
msgctl(31, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 32
msgctl(32, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 33
msgctl(33, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 34
msgctl(34, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 35
msgctl(35, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 36
msgctl(36, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 37
msgctl(37, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 38
msgctl(38, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 39
msgctl(39, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 40
msgctl(40, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 41
msgctl(41, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 42
msgctl(42, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 43
msgctl(43, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 44
msgctl(44, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 45
msgctl(45, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 46
msgctl(46, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 47
msgctl(47, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 48
msgctl(48, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 49
msgctl(49, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 50
msgctl(50, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 51
msgctl(51, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 52
msgctl(52, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 53
msgctl(53, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 54
msgctl(54, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 55
msgctl(55, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 56
msgctl(56, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 57
msgctl(57, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 58
msgctl(58, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 59
msgctl(59, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 60
msgctl(60, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 61
msgctl(61, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 62
msgctl(62, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 63
msgctl(63, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 32770
msgctl(32770, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 32772
cat /proc/sysvipc/msg = 6
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          0   600           0          0     0     0     0     0     0     0          0          0 1795981592
         0          1   600           0          0     0     0     0     0     0     0          0          0 1795981592
         0          3   600           0          0     0     0     0     0     0     0          0          0 1795981592
         0      32772   600           0          0     0     0     0     0     0     0          0          0 1795981592
         0          5   600           0          0     0     0     0     0     0     0          0          0 1795981592
msgctl(1, IPC_STAT) = 0
msgctl(32769, IPC_STAT) = -1 EINVAL (Invalid argument)
msgctl(32772, IPC_STAT) = 0
`,
    );
  });
  it('*_STAT takes an index masked to 15 bits and returns the full id; *_INFO ignores the id unless it is negative', () => {
    expectLikeLinux(
      `for i in 0..3 { msgget(IPC_PRIVATE, IPC_CREAT|0600) }
msgctl(1, IPC_RMID)
msgget(IPC_PRIVATE, IPC_CREAT|0600)
msgctl(32768, MSG_STAT)
msgctl(1, MSG_STAT)
msgctl(1, MSG_STAT_ANY)
msgctl(3, MSG_STAT)
msgctl(3, MSG_STAT_ANY)
msgctl(3 + 5*32768, MSG_STAT_ANY)
msgctl(-1, MSG_STAT)
msgctl(12345, MSG_INFO)
msgctl(-1, MSG_INFO)
msgctl(-1, IPC_INFO)
shmctl(-1, IPC_INFO)
shmctl(-1, SHM_INFO)
semctl(-1, 0, SEM_INFO)
semctl(-1, 0, IPC_INFO)
msgctl(0, -1)
msgctl(0, 99)
`,
      `msgget(IPC_PRIVATE, IPC_CREAT|0600) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 1
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 2
msgctl(1, IPC_RMID) = 0
msgget(IPC_PRIVATE, IPC_CREAT|0600) = 3
msgctl(32768, MSG_STAT) = 0
msgctl(1, MSG_STAT) = -1 EINVAL (Invalid argument)
msgctl(1, MSG_STAT_ANY) = -1 EINVAL (Invalid argument)
msgctl(3, MSG_STAT) = 3
msgctl(3, MSG_STAT_ANY) = 3
msgctl(163843, MSG_STAT_ANY) = 3
msgctl(-1, MSG_STAT) = -1 EINVAL (Invalid argument)
msgctl(12345, MSG_INFO) = 3
msgctl(-1, MSG_INFO) = -1 EINVAL (Invalid argument)
msgctl(-1, IPC_INFO) = -1 EINVAL (Invalid argument)
shmctl(-1, IPC_INFO) = -1 EINVAL (Invalid argument)
shmctl(-1, SHM_INFO) = -1 EINVAL (Invalid argument)
semctl(-1, 0, SEM_INFO) = -1 EINVAL (Invalid argument)
semctl(-1, 0, IPC_INFO) = -1 EINVAL (Invalid argument)
msgctl(0, -1) = -1 EINVAL (Invalid argument)
msgctl(0, 99) = -1 EINVAL (Invalid argument)
`,
    );
  });
  it('msg, shm and sem have independent cursors, seqs and max indexes', () => {
    expectLikeLinux(
      `for i in 0..3 { msgget(IPC_PRIVATE, 0) }
shmget(IPC_PRIVATE, 1, 0)
semget(IPC_PRIVATE, 1, 0)
msgctl(0, IPC_RMID)
msgget(IPC_PRIVATE, 0)
shmctl(0, IPC_RMID)
shmget(IPC_PRIVATE, 1, 0)
semctl(0, 0, IPC_RMID)
semget(IPC_PRIVATE, 1, 0)
semctl(0, 0, SEM_INFO)
shmctl(0, SHM_INFO)
msgctl(0, MSG_INFO)
semctl(0, 0, SEM_STAT)
semctl(1, -1, SEM_STAT_ANY)
semctl(0, -1, IPC_STAT)
semctl(1, 7, IPC_STAT)
shmctl(0, SHM_STAT)
shmctl(1, SHM_STAT_ANY)
shmctl(1, IPC_STAT)
cat /proc/sysvipc/msg
cat /proc/sysvipc/shm
cat /proc/sysvipc/sem
`,
      `msgget(IPC_PRIVATE, 000) = 0
msgget(IPC_PRIVATE, 000) = 1
msgget(IPC_PRIVATE, 000) = 2
shmget(IPC_PRIVATE, 1, 000) = 0
semget(IPC_PRIVATE, 1, 000) = 0
msgctl(0, IPC_RMID) = 0
msgget(IPC_PRIVATE, 000) = 3
shmctl(0, IPC_RMID) = 0
shmget(IPC_PRIVATE, 1, 000) = 1
semctl(0, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 1, 000) = 1
semctl(0, 0, SEM_INFO) = 1
shmctl(0, SHM_INFO) = 1
msgctl(0, MSG_INFO) = 3
semctl(0, 0, SEM_STAT) = -1 EINVAL (Invalid argument)
semctl(1, -1, SEM_STAT_ANY) = 1
semctl(0, -1, IPC_STAT) = -1 EINVAL (Invalid argument)
semctl(1, 7, IPC_STAT) = 0
shmctl(0, SHM_STAT) = -1 EINVAL (Invalid argument)
shmctl(1, SHM_STAT_ANY) = 1
shmctl(1, IPC_STAT) = 0
cat /proc/sysvipc/msg = 4
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          1     0           0          0     0     0     0     0     0     0          0          0 1795981593
         0          2     0           0          0     0     0     0     0     0     0          0          0 1795981593
         0          3     0           0          0     0     0     0     0     0     0          0          0 1795981593
cat /proc/sysvipc/shm = 2
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0          1     0                     1 24927     0      0     0     0     0     0          0          0 1795981593                     0                     0
cat /proc/sysvipc/sem = 2
       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime
         0          1     0          1     0     0     0     0          0 1795981593
`,
    );
  });
  it('the max index is found again by binary search when the highest object goes, and is 0 when empty', () => {
    expectLikeLinux(
      `for i in 0..10 { msgget(IPC_PRIVATE, 0) }
msgctl(0, MSG_INFO)
msgctl(9, IPC_RMID)
msgctl(0, MSG_INFO)
msgctl(5, IPC_RMID)
msgctl(6, IPC_RMID)
msgctl(7, IPC_RMID)
msgctl(8, IPC_RMID)
msgctl(0, MSG_INFO)
for i in 1..5 { msgctl(i, IPC_RMID) }
msgctl(0, MSG_INFO)
msgctl(0, IPC_RMID)
msgctl(0, MSG_INFO)
msgctl(0, IPC_INFO)
`,
      `msgget(IPC_PRIVATE, 000) = 0
msgget(IPC_PRIVATE, 000) = 1
msgget(IPC_PRIVATE, 000) = 2
msgget(IPC_PRIVATE, 000) = 3
msgget(IPC_PRIVATE, 000) = 4
msgget(IPC_PRIVATE, 000) = 5
msgget(IPC_PRIVATE, 000) = 6
msgget(IPC_PRIVATE, 000) = 7
msgget(IPC_PRIVATE, 000) = 8
msgget(IPC_PRIVATE, 000) = 9
msgctl(0, MSG_INFO) = 9
msgctl(9, IPC_RMID) = 0
msgctl(0, MSG_INFO) = 8
msgctl(5, IPC_RMID) = 0
msgctl(6, IPC_RMID) = 0
msgctl(7, IPC_RMID) = 0
msgctl(8, IPC_RMID) = 0
msgctl(0, MSG_INFO) = 4
msgctl(1, IPC_RMID) = 0
msgctl(2, IPC_RMID) = 0
msgctl(3, IPC_RMID) = 0
msgctl(4, IPC_RMID) = 0
msgctl(0, MSG_INFO) = 0
msgctl(0, IPC_RMID) = 0
msgctl(0, MSG_INFO) = 0
msgctl(0, IPC_INFO) = 0
`,
    );
  });
  it('msg_next_id picks seq and the first free idx at or above, once, without moving the cursor', () => {
    expectLikeLinux(
      `echo 100000 > /proc/sys/kernel/msg_next_id
msgget(IPC_PRIVATE, 0)
cat /proc/sys/kernel/msg_next_id
echo 100000 > /proc/sys/kernel/msg_next_id
msgget(IPC_PRIVATE, 0)
msgget(IPC_PRIVATE, 0)
msgctl(0, MSG_INFO)
msgctl(100001, IPC_RMID)
msgctl(0, MSG_INFO)
echo 2147483647 > /proc/sys/kernel/msg_next_id
msgget(IPC_PRIVATE, 0)
msgctl(0, MSG_INFO)
cat /proc/sysvipc/msg
`,
      `echo 100000 > /proc/sys/kernel/msg_next_id = 0
msgget(IPC_PRIVATE, 000) = 100000
cat /proc/sys/kernel/msg_next_id = 1
-1
echo 100000 > /proc/sys/kernel/msg_next_id = 0
msgget(IPC_PRIVATE, 000) = 100001
msgget(IPC_PRIVATE, 000) = 0
msgctl(0, MSG_INFO) = 1697
msgctl(100001, IPC_RMID) = 0
msgctl(0, MSG_INFO) = 1696
echo 2147483647 > /proc/sys/kernel/msg_next_id = 0
msgget(IPC_PRIVATE, 000) = 2147483647
msgctl(0, MSG_INFO) = 32767
cat /proc/sysvipc/msg = 4
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          0     0           0          0     0     0     0     0     0     0          0          0 1795981593
         0     100000     0           0          0     0     0     0     0     0     0          0          0 1795981593
         0 2147483647     0           0          0     0     0     0     0     0     0          0          0 1795981593
`,
    );
  });
  it('next_id is not consumed by a found key, ENOENT, EEXIST or the msgmni limit, but is by an IDR failure', () => {
    expectLikeLinux(
      `echo 5 > /proc/sys/kernel/msg_next_id
msgget(0x10, IPC_CREAT|0600)
cat /proc/sys/kernel/msg_next_id
echo 7 > /proc/sys/kernel/msg_next_id
msgget(0x10, IPC_CREAT|0600)
msgget(0x11, 0)
msgget(0x10, IPC_CREAT|IPC_EXCL|0600)
cat /proc/sys/kernel/msg_next_id
echo 1 > /proc/sys/kernel/msgmni
msgget(0x12, IPC_CREAT|0600)
cat /proc/sys/kernel/msg_next_id
echo 32000 > /proc/sys/kernel/msgmni
msgget(0x12, IPC_CREAT|0600)
cat /proc/sys/kernel/msg_next_id
echo 2147483647 > /proc/sys/kernel/sem_next_id
semget(IPC_PRIVATE, 0, IPC_CREAT|0600)
semget(IPC_PRIVATE, 40000, IPC_CREAT|0600)
cat /proc/sys/kernel/sem_next_id
semget(IPC_PRIVATE, 2, IPC_CREAT|0600)
echo 32767 > /proc/sys/kernel/sem_next_id
semget(IPC_PRIVATE, 2, IPC_CREAT|0600)
cat /proc/sys/kernel/sem_next_id
semget(IPC_PRIVATE, 2, IPC_CREAT|0600)
semctl(0, 0, SEM_INFO)
echo 2147483647 > /proc/sys/kernel/shm_next_id
shmget(IPC_PRIVATE, 0, IPC_CREAT|0600)
cat /proc/sys/kernel/shm_next_id
shmget(IPC_PRIVATE, 1, IPC_CREAT|0600)
cat /proc/sys/kernel/shm_next_id
`,
      `echo 5 > /proc/sys/kernel/msg_next_id = 0
msgget(0x10, IPC_CREAT|0600) = 5
cat /proc/sys/kernel/msg_next_id = 1
-1
echo 7 > /proc/sys/kernel/msg_next_id = 0
msgget(0x10, IPC_CREAT|0600) = 5
msgget(0x11, 000) = -1 ENOENT (No such file or directory)
msgget(0x10, IPC_CREAT|IPC_EXCL|0600) = -1 EEXIST (File exists)
cat /proc/sys/kernel/msg_next_id = 1
7
echo 1 > /proc/sys/kernel/msgmni = 0
msgget(0x12, IPC_CREAT|0600) = -1 ENOSPC (No space left on device)
cat /proc/sys/kernel/msg_next_id = 1
7
echo 32000 > /proc/sys/kernel/msgmni = 0
msgget(0x12, IPC_CREAT|0600) = 7
cat /proc/sys/kernel/msg_next_id = 1
-1
echo 2147483647 > /proc/sys/kernel/sem_next_id = 0
semget(IPC_PRIVATE, 0, IPC_CREAT|0600) = -1 EINVAL (Invalid argument)
semget(IPC_PRIVATE, 40000, IPC_CREAT|0600) = -1 EINVAL (Invalid argument)
cat /proc/sys/kernel/sem_next_id = 1
2147483647
semget(IPC_PRIVATE, 2, IPC_CREAT|0600) = 2147483647
echo 32767 > /proc/sys/kernel/sem_next_id = 0
semget(IPC_PRIVATE, 2, IPC_CREAT|0600) = -1 ENOSPC (No space left on device)
cat /proc/sys/kernel/sem_next_id = 1
-1
semget(IPC_PRIVATE, 2, IPC_CREAT|0600) = 0
semctl(0, 0, SEM_INFO) = 32767
echo 2147483647 > /proc/sys/kernel/shm_next_id = 0
shmget(IPC_PRIVATE, 0, IPC_CREAT|0600) = -1 EINVAL (Invalid argument)
cat /proc/sys/kernel/shm_next_id = 1
2147483647
shmget(IPC_PRIVATE, 1, IPC_CREAT|0600) = 2147483647
cat /proc/sys/kernel/shm_next_id = 1
-1
`,
    );
  });
  it('IPC_PRIVATE always creates, keys are 32-bit, IPC_EXCL alone is ignored and mode bits come from the flags', () => {
    expectLikeLinux(
      `msgget(IPC_PRIVATE, 0)
msgget(0x100000000, 0)
a = msgget(-1, IPC_CREAT|0640)
msgget(0xffffffff, 0)
msgget(-1, IPC_EXCL)
msgget(-1, IPC_CREAT|IPC_EXCL|0600)
msgget(4660, IPC_CREAT|IPC_EXCL|0777)
msgget(0x1234, 0)
msgget(0x1234, 0777)
msgget(0x1234, 0x7fffffff)
msgget(-2, 0)
msgget(-2, IPC_CREAT|0x100000|0644)
msgget(7, IPC_CREAT|IPC_NOWAIT|0400)
msgget(7, IPC_CREAT|0200)
cat /proc/sysvipc/msg
msgctl(a, IPC_RMID)
msgget(-1, 0)
msgget(-1, IPC_CREAT)
cat /proc/sysvipc/msg
`,
      `msgget(IPC_PRIVATE, 000) = 0
msgget(IPC_PRIVATE, 000) = 1
msgget(0xffffffff, IPC_CREAT|0640) = 2
msgget(0xffffffff, 000) = 2
msgget(0xffffffff, IPC_EXCL|000) = 2
msgget(0xffffffff, IPC_CREAT|IPC_EXCL|0600) = -1 EEXIST (File exists)
msgget(0x1234, IPC_CREAT|IPC_EXCL|0777) = 3
msgget(0x1234, 000) = 3
msgget(0x1234, 0777) = 3
msgget(0x1234, IPC_CREAT|IPC_EXCL|IPC_NOWAIT|0x7ffff000|0777) = -1 EEXIST (File exists)
msgget(0xfffffffe, 000) = -1 ENOENT (No such file or directory)
msgget(0xfffffffe, IPC_CREAT|0x100000|0644) = 4
msgget(0x7, IPC_CREAT|IPC_NOWAIT|0400) = 5
msgget(0x7, IPC_CREAT|0200) = 5
cat /proc/sysvipc/msg = 7
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          0     0           0          0     0     0     0     0     0     0          0          0 1795981593
         0          1     0           0          0     0     0     0     0     0     0          0          0 1795981593
        -1          2   640           0          0     0     0     0     0     0     0          0          0 1795981593
      4660          3   777           0          0     0     0     0     0     0     0          0          0 1795981593
        -2          4   644           0          0     0     0     0     0     0     0          0          0 1795981593
         7          5   400           0          0     0     0     0     0     0     0          0          0 1795981593
msgctl(2, IPC_RMID) = 0
msgget(0xffffffff, 000) = -1 ENOENT (No such file or directory)
msgget(0xffffffff, IPC_CREAT|000) = 6
cat /proc/sysvipc/msg = 7
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
         0          0     0           0          0     0     0     0     0     0     0          0          0 1795981593
         0          1     0           0          0     0     0     0     0     0     0          0          0 1795981593
      4660          3   777           0          0     0     0     0     0     0     0          0          0 1795981593
        -2          4   644           0          0     0     0     0     0     0     0          0          0 1795981593
         7          5   400           0          0     0     0     0     0     0     0          0          0 1795981593
        -1          6     0           0          0     0     0     0     0     0     0          0          0 1795981593
`,
    );
  });
  it('msgmni bounds creation but not lookups, and lowering it keeps existing queues', () => {
    expectLikeLinux(
      `msgget(0x1234, IPC_CREAT|0600)
for i in 0..3 { msgget(IPC_PRIVATE, 0) }
echo 4 > /proc/sys/kernel/msgmni
msgget(99, IPC_CREAT|IPC_EXCL)
msgget(0x1234, IPC_CREAT)
msgget(IPC_PRIVATE, 0)
echo 2 > /proc/sys/kernel/msgmni
msgctl(0, MSG_INFO)
msgctl(3, MSG_STAT)
echo 0 > /proc/sys/kernel/msgmni
msgget(IPC_PRIVATE, 0)
msgget(0x1234, 0)
echo 32000 > /proc/sys/kernel/msgmni
msgget(IPC_PRIVATE, 0)
`,
      `msgget(0x1234, IPC_CREAT|0600) = 0
msgget(IPC_PRIVATE, 000) = 1
msgget(IPC_PRIVATE, 000) = 2
msgget(IPC_PRIVATE, 000) = 3
echo 4 > /proc/sys/kernel/msgmni = 0
msgget(0x63, IPC_CREAT|IPC_EXCL|000) = -1 ENOSPC (No space left on device)
msgget(0x1234, IPC_CREAT|000) = 0
msgget(IPC_PRIVATE, 000) = -1 ENOSPC (No space left on device)
echo 2 > /proc/sys/kernel/msgmni = 0
msgctl(0, MSG_INFO) = 3
msgctl(3, MSG_STAT) = 3
echo 0 > /proc/sys/kernel/msgmni = 0
msgget(IPC_PRIVATE, 000) = -1 ENOSPC (No space left on device)
msgget(0x1234, 000) = 0
echo 32000 > /proc/sys/kernel/msgmni = 0
msgget(IPC_PRIVATE, 000) = 4
`,
    );
  });
  it('stale ids are EINVAL for every command that checks the seq; *_STAT and semnum-free commands do not care', () => {
    expectLikeLinux(
      `q = msgget(IPC_PRIVATE, 0)
msgctl(q + 32768, IPC_RMID)
msgctl(q + 32768, 1)
msgctl(q + 32768, IPC_STAT)
msgctl(5, MSG_STAT)
s = shmget(IPC_PRIVATE, 1, 0)
shmctl(s + 32768, IPC_RMID)
shmctl(s + 32768, 11)
shmctl(s + 65536, SHM_STAT)
m = semget(IPC_PRIVATE, 2, 0)
semctl(m + 32768, 0, IPC_RMID)
semctl(m + 32768, 0, 12)
semctl(m + 32768, 0, 17)
semctl(m, -5, IPC_STAT)
semctl(m, 99, IPC_RMID)
semctl(m, 0, 12)
`,
      `msgget(IPC_PRIVATE, 000) = 0
msgctl(32768, IPC_RMID) = -1 EINVAL (Invalid argument)
msgctl(32768, IPC_SET) = -1 EINVAL (Invalid argument)
msgctl(32768, IPC_STAT) = -1 EINVAL (Invalid argument)
msgctl(5, MSG_STAT) = -1 EINVAL (Invalid argument)
shmget(IPC_PRIVATE, 1, 000) = 0
shmctl(32768, IPC_RMID) = -1 EINVAL (Invalid argument)
shmctl(32768, 11) = -1 EINVAL (Invalid argument)
shmctl(65536, SHM_STAT) = 0
semget(IPC_PRIVATE, 2, 000) = 0
semctl(32768, 0, IPC_RMID) = -1 EINVAL (Invalid argument)
semctl(32768, 0, 12) = -1 EINVAL (Invalid argument)
semctl(32768, 0, 17) = -1 EINVAL (Invalid argument)
semctl(0, -5, IPC_STAT) = 0
semctl(0, 99, IPC_RMID) = 0
semctl(0, 0, 12) = -1 EINVAL (Invalid argument)
`,
    );
  });
  it('the highest possible id 2147483647 (seq 65535, idx 32767) works like any other', () => {
    expectLikeLinux(
      `echo 0x7fffffff > /proc/sys/kernel/msg_next_id
cat /proc/sys/kernel/msg_next_id
msgget(0x55, IPC_CREAT|0600)
msgctl(2147483647, IPC_STAT)
msgctl(32767, MSG_STAT)
msgctl(0, MSG_INFO)
msgsnd(2147483647, 1, 8192, IPC_NOWAIT)
msgsnd(2147483647, 1, 8192, IPC_NOWAIT)
msgsnd(2147483647, 1, 1, IPC_NOWAIT)
msgrcv(2147483647, 0, 10, IPC_NOWAIT|MSG_NOERROR)
msgrcv(2147483647, 0, 10, IPC_NOWAIT|MSG_NOERROR)
msgrcv(2147483647, 0, 10, IPC_NOWAIT|MSG_NOERROR)
cat /proc/sysvipc/msg
msgget(0x55, 0)
`,
      `echo 0x7fffffff > /proc/sys/kernel/msg_next_id = 0
cat /proc/sys/kernel/msg_next_id = 1
2147483647
msgget(0x55, IPC_CREAT|0600) = 2147483647
msgctl(2147483647, IPC_STAT) = 0
msgctl(32767, MSG_STAT) = 2147483647
msgctl(0, MSG_INFO) = 32767
msgsnd(2147483647, 1, 8192, IPC_NOWAIT) = 0
msgsnd(2147483647, 1, 8192, IPC_NOWAIT) = 0
msgsnd(2147483647, 1, 1, IPC_NOWAIT) = -1 EAGAIN (Resource temporarily unavailable)
msgrcv(2147483647, 0, 10, IPC_NOWAIT|MSG_NOERROR) = 10
msgrcv(2147483647, 0, 10, IPC_NOWAIT|MSG_NOERROR) = 10
msgrcv(2147483647, 0, 10, IPC_NOWAIT|MSG_NOERROR) = -1 ENOMSG (No message of desired type)
cat /proc/sysvipc/msg = 2
       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid  cuid  cgid      stime      rtime      ctime
        85 2147483647   600           0          0 24959 24959     0     0     0     0 1795981594 1795981594 1795981594
msgget(0x55, 000) = 2147483647
`,
    );
  });
  it('shm and sem ids cycle like msg ids', () => {
    expectLikeLinux(
      `repeat 70 { s = shmget(IPC_PRIVATE, 8192, 0600); shmctl(s, IPC_RMID) }
repeat 70 { m = semget(IPC_PRIVATE, 4, 0600); semctl(m, 0, IPC_RMID) }
shmget(IPC_PRIVATE, 1, 0)
semget(IPC_PRIVATE, 1, 0)
cat /proc/sysvipc/shm
cat /proc/sysvipc/sem
shmctl(0, SHM_INFO)
semctl(0, 0, SEM_INFO)
`,
      `shmget(IPC_PRIVATE, 8192, 0600) = 0
shmctl(0, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 1
shmctl(1, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 2
shmctl(2, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 3
shmctl(3, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 4
shmctl(4, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 5
shmctl(5, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 6
shmctl(6, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 7
shmctl(7, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 8
shmctl(8, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 9
shmctl(9, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 10
shmctl(10, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 11
shmctl(11, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 12
shmctl(12, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 13
shmctl(13, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 14
shmctl(14, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 15
shmctl(15, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 16
shmctl(16, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 17
shmctl(17, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 18
shmctl(18, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 19
shmctl(19, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 20
shmctl(20, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 21
shmctl(21, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 22
shmctl(22, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 23
shmctl(23, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 24
shmctl(24, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 25
shmctl(25, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 26
shmctl(26, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 27
shmctl(27, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 28
shmctl(28, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 29
shmctl(29, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 30
shmctl(30, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 31
shmctl(31, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 32
shmctl(32, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 33
shmctl(33, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 34
shmctl(34, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 35
shmctl(35, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 36
shmctl(36, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 37
shmctl(37, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 38
shmctl(38, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 39
shmctl(39, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 40
shmctl(40, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 41
shmctl(41, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 42
shmctl(42, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 43
shmctl(43, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 44
shmctl(44, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 45
shmctl(45, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 46
shmctl(46, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 47
shmctl(47, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 48
shmctl(48, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 49
shmctl(49, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 50
shmctl(50, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 51
shmctl(51, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 52
shmctl(52, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 53
shmctl(53, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 54
shmctl(54, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 55
shmctl(55, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 56
shmctl(56, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 57
shmctl(57, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 58
shmctl(58, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 59
shmctl(59, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 60
shmctl(60, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 61
shmctl(61, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 62
shmctl(62, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 63
shmctl(63, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 32768
shmctl(32768, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 32769
shmctl(32769, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 32770
shmctl(32770, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 32771
shmctl(32771, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 32772
shmctl(32772, IPC_RMID) = 0
shmget(IPC_PRIVATE, 8192, 0600) = 32773
shmctl(32773, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 0
semctl(0, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 1
semctl(1, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 2
semctl(2, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 3
semctl(3, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 4
semctl(4, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 5
semctl(5, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 6
semctl(6, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 7
semctl(7, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 8
semctl(8, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 9
semctl(9, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 10
semctl(10, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 11
semctl(11, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 12
semctl(12, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 13
semctl(13, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 14
semctl(14, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 15
semctl(15, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 16
semctl(16, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 17
semctl(17, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 18
semctl(18, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 19
semctl(19, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 20
semctl(20, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 21
semctl(21, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 22
semctl(22, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 23
semctl(23, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 24
semctl(24, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 25
semctl(25, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 26
semctl(26, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 27
semctl(27, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 28
semctl(28, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 29
semctl(29, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 30
semctl(30, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 31
semctl(31, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 32
semctl(32, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 33
semctl(33, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 34
semctl(34, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 35
semctl(35, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 36
semctl(36, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 37
semctl(37, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 38
semctl(38, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 39
semctl(39, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 40
semctl(40, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 41
semctl(41, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 42
semctl(42, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 43
semctl(43, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 44
semctl(44, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 45
semctl(45, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 46
semctl(46, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 47
semctl(47, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 48
semctl(48, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 49
semctl(49, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 50
semctl(50, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 51
semctl(51, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 52
semctl(52, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 53
semctl(53, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 54
semctl(54, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 55
semctl(55, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 56
semctl(56, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 57
semctl(57, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 58
semctl(58, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 59
semctl(59, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 60
semctl(60, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 61
semctl(61, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 62
semctl(62, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 63
semctl(63, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 32768
semctl(32768, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 32769
semctl(32769, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 32770
semctl(32770, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 32771
semctl(32771, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 32772
semctl(32772, 0, IPC_RMID) = 0
semget(IPC_PRIVATE, 4, 0600) = 32773
semctl(32773, 0, IPC_RMID) = 0
shmget(IPC_PRIVATE, 1, 000) = 32774
semget(IPC_PRIVATE, 1, 000) = 32774
cat /proc/sysvipc/shm = 2
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0      32774     0                     1 24961     0      0     0     0     0     0          0          0 1795981594                     0                     0
cat /proc/sysvipc/sem = 2
       key      semid perms      nsems   uid   gid  cuid  cgid      otime      ctime
         0      32774     0          1     0     0     0     0          0 1795981594
shmctl(0, SHM_INFO) = 6
semctl(0, 0, SEM_INFO) = 6
`,
    );
  });
  it('shm_rmid_forced does not touch segments whose creator is still running', () => {
    expectLikeLinux(
      `shmget(IPC_PRIVATE, 1, 0)
shmget(IPC_PRIVATE, 2, 0)
echo 1 > /proc/sys/kernel/shm_rmid_forced
shmctl(0, IPC_RMID)
cat /proc/sysvipc/shm
cat /proc/sys/kernel/shm_rmid_forced
shmget(IPC_PRIVATE, 3, 0)
cat /proc/sysvipc/shm
`,
      `shmget(IPC_PRIVATE, 1, 000) = 0
shmget(IPC_PRIVATE, 2, 000) = 1
echo 1 > /proc/sys/kernel/shm_rmid_forced = 0
shmctl(0, IPC_RMID) = 0
cat /proc/sysvipc/shm = 2
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0          1     0                     2 24963     0      0     0     0     0     0          0          0 1795981594                     0                     0
cat /proc/sys/kernel/shm_rmid_forced = 1
1
shmget(IPC_PRIVATE, 3, 000) = 2
cat /proc/sysvipc/shm = 3
       key      shmid perms                  size  cpid  lpid nattch   uid   gid  cuid  cgid      atime      dtime      ctime                   rss                  swap
         0          1     0                     2 24963     0      0     0     0     0     0          0          0 1795981594                     0                     0
         0          2     0                     3 24963     0      0     0     0     0     0          0          0 1795981594                     0                     0
`,
    );
  });
});
