/**
 * ipc/msg.c (2.6.25 … 6.18): sending, receiving, the wake-ups and MSG_INFO.
 */
import type { CodeListing } from '../listings';

export const MSG_LISTINGS = {
  do_msgsnd: {
    name: 'do_msgsnd',
    file: 'ipc/msg.c',
    lines: [
      ['entry', 'do_msgsnd(msqid, mtype, mtext, msgsz, msgflg):'],
      ['load', '  msg = load_msg(mtext, msgsz)   (4048 bytes after the header, then a msg_msgseg per 4088)'],
      ['lookup', '  msq = msq_obtain_object_check(ns, msqid)'],
      ['full', '  while the queue is full: IPC_NOWAIT → -EAGAIN, else sleep'],
      ['sleep', '    ss_add(msq, &s, msgsz); unlock; schedule()   ‹then: EIDRM, a signal, or ss_del and check again›'],
      ['pipelined', '  if pipelined_send(msq, msg, &wake_q): done   (a receiver was waiting: it gets msg directly)'],
      ['queue', '  else: list_add_tail(&msg->m_list, &msq->q_messages)'],
      ['counters', '  q_cbytes += msgsz; q_qnum++; ns->msg_bytes += msgsz; ns->msg_hdrs++  [6.1+: percpu_counter_add_local]'],
      ['wake', '  unlock; wake_up_q(&wake_q)   [<4.9: each receiver was woken in pipelined_send, under the lock]'],
      ['ret', '  return 0'],
    ],
  },
  do_msgrcv: {
    name: 'do_msgrcv',
    file: 'ipc/msg.c',
    lines: [
      ['entry', 'do_msgrcv(msqid, buf, bufsz, msgtyp, msgflg, msg_handler):'],
      ['lookup', '  msq = msq_obtain_object_check(ns, msqid)'],
      ['find', '  msg = find_msg(msq, &msgtyp, mode)      (walk q_messages for the first match)'],
      ['copy', '  MSG_COPY: copy = copy_msg(msg, copy); it stays queued'],
      ['remove', '  else: list_del(&msg->m_list); q_qnum--; q_cbytes -= size; ns counters -= size, 1'],
      ['senders', '        ss_wakeup(msq, &wake_q, false)   (senders whose message now fits)'],
      ['sleep', '  none, no IPC_NOWAIT: msr_d on q_receivers (r_maxsize = bufsz, INT_MAX with MSG_NOERROR); schedule()'],
      ['woken', '    r_msg set by the waker: the message, -E2BIG or -EIDRM → done; -EAGAIN → search again'],
      ['ret', '  return msg_handler(buf, msg, bufsz)    (copies min(bufsz, m_ts) bytes: store_msg)'],
    ],
  },
  pipelined_send: {
    name: 'pipelined_send',
    file: 'ipc/msg.c',
    lines: [
      ['entry', 'pipelined_send(msq, msg, wake_q):'],
      ['walk', '  for each msr on msq->q_receivers, oldest first, whose mode and type match msg:'],
      ['unlink', '    list_del(&msr->r_list)'],
      ['e2big', '    if msr->r_maxsize < msg->m_ts: wake_q_add(receiver); r_msg = -E2BIG; go on'],
      ['hand', '    else: q_lrpid = receiver; q_rtime = now; wake_q_add(receiver); r_msg = msg; return 1'],
      ['none', '  return 0   (nobody wanted it: the caller queues it)'],
    ],
  },
  ss_wakeup: {
    name: 'ss_wakeup',
    file: 'ipc/msg.c',
    lines: [
      ['entry', 'ss_wakeup(msq, wake_q, kill):'],
      ['walk', '  for each mss on msq->q_senders:'],
      ['kill', '    kill (the queue goes): mark it unlinked; wake it   (it returns -EIDRM)'],
      ['stop', '    the first sender moved to the tail comes round again: stop'],
      ['rotate', '    its message does not fit yet: list_move_tail (keeps the order)'],
      ['wake', '    else: wake_q_add(sender)   (it unlinks itself and checks again)'],
    ],
  },
  expunge_all: {
    name: 'expunge_all',
    file: 'ipc/msg.c',
    lines: [
      ['entry', 'expunge_all(msq, res, wake_q):'],
      ['wake', '  for each msr on msq->q_receivers: r_msg = res; wake_q_add(receiver)'],
      ['why', '  res: -EIDRM (freeque) or -EAGAIN (IPC_SET: search again under the new permissions)'],
    ],
  },
  wake_up_q: {
    name: 'wake_up_q',
    file: 'kernel/sched/core.c',
    lines: [
      ['entry', 'wake_up_q(head):   ‹4.9+: after the queue lock is dropped›'],
      ['wake', '  for each task on the list, in the order added: wake_up_process(task)'],
    ],
  },
  msgctl_info: {
    name: 'msgctl_info',
    file: 'ipc/msg.c',
    lines: [
      ['entry', 'msgctl_info(ns, msqid, cmd, &msginfo):'],
      ['limits', '  msginfo = the msg_* sysctls'],
      ['counts', '  MSG_INFO: msgpool = msg_bytes, msgtql = msg_hdrs   [≤6.0: atomic_read; 6.1+: percpu_counter_sum]'],
      ['maxidx', '  max_idx = ipc_get_maxidx(&msg_ids(ns))'],
      ['ret', '  return max_idx < 0 ? 0 : max_idx'],
    ],
  },
} as const satisfies Record<string, CodeListing>;
