/**
 * The /proc/net files whose text does not depend on anything the workload
 * language can change, exactly as the host's Linux 6.18 prints them in a fresh
 * `unshare -n` namespace (recorded with linux-oracle/kernel_replay.py; the
 * same with or without ifb, bridge and veth devices present). Headers of
 * empty tables, zeroed MIB counters, the loopback's two null IPv6 routes.
 *
 * Files whose text depends on global host state (sockstat, protocols,
 * netlink, softnet_stat, the x_tables lists, rt_acct) are not here: they are
 * not modelled.
 */

/** name in /proc/net → the file's bytes */
export const PROC_NET_STATIC: Readonly<Record<string, string>> = {
  anycast6: '',
  arp: 'IP address       HW type     Flags       HW address            Mask     Device\n',
  arp_tables_names: '',
  fib_trie: '',
  fib_triestat: 'Basic info: size of leaf: 48 bytes, size of tnode: 40 bytes.\n',
  icmp: '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops             \n',
  icmp6: '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops\n',
  if_inet6: '',
  igmp: 'Idx\tDevice    : Count Querier\tGroup    Users Timer\tReporter\n',
  ip6_flowlabel: 'Label S Owner  Users  Linger Expires  Dst                              Opt\n',
  ip6_mr_cache: 'Group                            Origin                           Iif      Pkts  Bytes     Wrong  Oifs\n',
  ip6_mr_vif: 'Interface      BytesIn  PktsIn  BytesOut PktsOut Flags\n',
  ip6_tables_names: '',
  ip_mr_cache: 'Group    Origin   Iif     Pkts    Bytes    Wrong Oifs\n',
  ip_mr_vif: 'Interface      BytesIn  PktsIn  BytesOut PktsOut Flags Local    Remote\n',
  ip_tables_names: '',
  ipv6_route:
    '00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 ffffffff 00000001 00000000 00200200       lo\n00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 ffffffff 00000001 00000000 00200200       lo\n',
  mcfilter: 'Idx Device        MCA        SRC    INC    EXC\n',
  mcfilter6: 'Idx Device                Multicast Address                   Source Address    INC    EXC\n',
  netstat:
    'TcpExt: SyncookiesSent SyncookiesRecv SyncookiesFailed EmbryonicRsts PruneCalled RcvPruned OfoPruned OutOfWindowIcmps LockDroppedIcmps ArpFilter TW TWRecycled TWKilled PAWSActive PAWSEstab BeyondWindow TSEcrRejected PAWSOldAck PAWSTimewait DelayedACKs DelayedACKLocked DelayedACKLost ListenOverflows ListenDrops TCPHPHits TCPPureAcks TCPHPAcks TCPRenoRecovery TCPSackRecovery TCPSACKReneging TCPSACKReorder TCPRenoReorder TCPTSReorder TCPFullUndo TCPPartialUndo TCPDSACKUndo TCPLossUndo TCPLostRetransmit TCPRenoFailures TCPSackFailures TCPLossFailures TCPFastRetrans TCPSlowStartRetrans TCPTimeouts TCPLossProbes TCPLossProbeRecovery TCPRenoRecoveryFail TCPSackRecoveryFail TCPRcvCollapsed TCPBacklogCoalesce TCPDSACKOldSent TCPDSACKOfoSent TCPDSACKRecv TCPDSACKOfoRecv TCPAbortOnData TCPAbortOnClose TCPAbortOnMemory TCPAbortOnTimeout TCPAbortOnLinger TCPAbortFailed TCPMemoryPressures TCPMemoryPressuresChrono TCPSACKDiscard TCPDSACKIgnoredOld TCPDSACKIgnoredNoUndo TCPSpuriousRTOs TCPMD5NotFound TCPMD5Unexpected TCPMD5Failure TCPSackShifted TCPSackMerged TCPSackShiftFallback TCPBacklogDrop PFMemallocDrop TCPMinTTLDrop TCPDeferAcceptDrop IPReversePathFilter TCPTimeWaitOverflow TCPReqQFullDoCookies TCPReqQFullDrop TCPRetransFail TCPRcvCoalesce TCPOFOQueue TCPOFODrop TCPOFOMerge TCPChallengeACK TCPSYNChallenge TCPFastOpenActive TCPFastOpenActiveFail TCPFastOpenPassive TCPFastOpenPassiveFail TCPFastOpenListenOverflow TCPFastOpenCookieReqd TCPFastOpenBlackhole TCPSpuriousRtxHostQueues BusyPollRxPackets TCPAutoCorking TCPFromZeroWindowAdv TCPToZeroWindowAdv TCPWantZeroWindowAdv TCPSynRetrans TCPOrigDataSent TCPHystartTrainDetect TCPHystartTrainCwnd TCPHystartDelayDetect TCPHystartDelayCwnd TCPACKSkippedSynRecv TCPACKSkippedPAWS TCPACKSkippedSeq TCPACKSkippedFinWait2 TCPACKSkippedTimeWait TCPACKSkippedChallenge TCPWinProbe TCPKeepAlive TCPMTUPFail TCPMTUPSuccess TCPDelivered TCPDeliveredCE TCPAckCompressed TCPZeroWindowDrop TCPRcvQDrop TCPWqueueTooBig TCPFastOpenPassiveAltKey TcpTimeoutRehash TcpDuplicateDataRehash TCPDSACKRecvSegs TCPDSACKIgnoredDubious TCPMigrateReqSuccess TCPMigrateReqFailure TCPPLBRehash TCPAORequired TCPAOBad TCPAOKeyNotFound TCPAOGood TCPAODroppedIcmps\nTcpExt: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\nIpExt: InNoRoutes InTruncatedPkts InMcastPkts OutMcastPkts InBcastPkts OutBcastPkts InOctets OutOctets InMcastOctets OutMcastOctets InBcastOctets OutBcastOctets InCsumErrors InNoECTPkts InECT1Pkts InECT0Pkts InCEPkts ReasmOverlaps\nIpExt: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\nMPTcpExt: MPCapableSYNRX MPCapableSYNTX MPCapableSYNACKRX MPCapableACKRX MPCapableFallbackACK MPCapableFallbackSYNACK MPCapableSYNTXDrop MPCapableSYNTXDisabled MPCapableEndpAttempt MPFallbackTokenInit MPTCPRetrans MPJoinNoTokenFound MPJoinSynRx MPJoinSynBackupRx MPJoinSynAckRx MPJoinSynAckBackupRx MPJoinSynAckHMacFailure MPJoinAckRx MPJoinAckHMacFailure MPJoinRejected MPJoinSynTx MPJoinSynTxCreatSkErr MPJoinSynTxBindErr MPJoinSynTxConnectErr DSSNotMatching DSSCorruptionFallback DSSCorruptionReset InfiniteMapTx InfiniteMapRx DSSNoMatchTCP DataCsumErr OFOQueueTail OFOQueue OFOMerge NoDSSInWindow DuplicateData AddAddr AddAddrTx AddAddrTxDrop EchoAdd EchoAddTx EchoAddTxDrop PortAdd AddAddrDrop MPJoinPortSynRx MPJoinPortSynAckRx MPJoinPortAckRx MismatchPortSynRx MismatchPortAckRx RmAddr RmAddrDrop RmAddrTx RmAddrTxDrop RmSubflow MPPrioTx MPPrioRx MPFailTx MPFailRx MPFastcloseTx MPFastcloseRx MPRstTx MPRstRx SubflowStale SubflowRecover SndWndShared RcvWndShared RcvWndConflictUpdate RcvWndConflict MPCurrEstab Blackhole MPCapableDataFallback MD5SigFallback DssFallback SimultConnectFallback FallbackFailed WinProbe\nMPTcpExt: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n',
  nf_conntrack: '',
  nf_conntrack_expect: '',
  packet: 'sk               RefCnt Type Proto  Iface R Rmem   User   Inode\n',
  psched: '000003e8 00000040 000f4240 3b9aca00\n',
  ptype: 'Type Device      Function\n0800          ip_rcv\n0004          llc_rcv\n0806          arp_rcv\n86dd          ipv6_rcv\n',
  raw: '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops\n',
  raw6: '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops\n',
  route: '',
  rt6_stats: '0000 0000 0000 0000 0000 0000 0000\n',
  rt_cache: 'Iface\tDestination\tGateway \tFlags\t\tRefCnt\tUse\tMetric\tSource\t\tMTU\tWindow\tIRTT\tTOS\tHHRef\tHHUptod\tSpecDst                          \n',
  snmp: 'Ip: Forwarding DefaultTTL InReceives InHdrErrors InAddrErrors ForwDatagrams InUnknownProtos InDiscards InDelivers OutRequests OutDiscards OutNoRoutes ReasmTimeout ReasmReqds ReasmOKs ReasmFails FragOKs FragFails FragCreates OutTransmits\nIp: 2 64 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\nIcmp: InMsgs InErrors InCsumErrors InDestUnreachs InTimeExcds InParmProbs InSrcQuenchs InRedirects InEchos InEchoReps InTimestamps InTimestampReps InAddrMasks InAddrMaskReps OutMsgs OutErrors OutRateLimitGlobal OutRateLimitHost OutDestUnreachs OutTimeExcds OutParmProbs OutSrcQuenchs OutRedirects OutEchos OutEchoReps OutTimestamps OutTimestampReps OutAddrMasks OutAddrMaskReps\nIcmp: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\nTcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens AttemptFails EstabResets CurrEstab InSegs OutSegs RetransSegs InErrs OutRsts InCsumErrors\nTcp: 1 200 120000 -1 0 0 0 0 0 0 0 0 0 0 0\nUdp: InDatagrams NoPorts InErrors OutDatagrams RcvbufErrors SndbufErrors InCsumErrors IgnoredMulti MemErrors\nUdp: 0 0 0 0 0 0 0 0 0\nUdpLite: InDatagrams NoPorts InErrors OutDatagrams RcvbufErrors SndbufErrors InCsumErrors IgnoredMulti MemErrors\nUdpLite: 0 0 0 0 0 0 0 0 0\n',
  snmp6:
    'Ip6InReceives                   \t0\nIp6InHdrErrors                  \t0\nIp6InTooBigErrors               \t0\nIp6InNoRoutes                   \t0\nIp6InAddrErrors                 \t0\nIp6InUnknownProtos              \t0\nIp6InTruncatedPkts              \t0\nIp6InDiscards                   \t0\nIp6InDelivers                   \t0\nIp6OutForwDatagrams             \t0\nIp6OutRequests                  \t0\nIp6OutDiscards                  \t0\nIp6OutNoRoutes                  \t0\nIp6ReasmTimeout                 \t0\nIp6ReasmReqds                   \t0\nIp6ReasmOKs                     \t0\nIp6ReasmFails                   \t0\nIp6FragOKs                      \t0\nIp6FragFails                    \t0\nIp6FragCreates                  \t0\nIp6InMcastPkts                  \t0\nIp6OutMcastPkts                 \t0\nIp6InOctets                     \t0\nIp6OutOctets                    \t0\nIp6InMcastOctets                \t0\nIp6OutMcastOctets               \t0\nIp6InBcastOctets                \t0\nIp6OutBcastOctets               \t0\nIp6InNoECTPkts                  \t0\nIp6InECT1Pkts                   \t0\nIp6InECT0Pkts                   \t0\nIp6InCEPkts                     \t0\nIp6OutTransmits                 \t0\nIcmp6InMsgs                     \t0\nIcmp6InErrors                   \t0\nIcmp6OutMsgs                    \t0\nIcmp6OutErrors                  \t0\nIcmp6InCsumErrors               \t0\nIcmp6OutRateLimitHost           \t0\nIcmp6InDestUnreachs             \t0\nIcmp6InPktTooBigs               \t0\nIcmp6InTimeExcds                \t0\nIcmp6InParmProblems             \t0\nIcmp6InEchos                    \t0\nIcmp6InEchoReplies              \t0\nIcmp6InGroupMembQueries         \t0\nIcmp6InGroupMembResponses       \t0\nIcmp6InGroupMembReductions      \t0\nIcmp6InRouterSolicits           \t0\nIcmp6InRouterAdvertisements     \t0\nIcmp6InNeighborSolicits         \t0\nIcmp6InNeighborAdvertisements   \t0\nIcmp6InRedirects                \t0\nIcmp6InMLDv2Reports             \t0\nIcmp6OutDestUnreachs            \t0\nIcmp6OutPktTooBigs              \t0\nIcmp6OutTimeExcds               \t0\nIcmp6OutParmProblems            \t0\nIcmp6OutEchos                   \t0\nIcmp6OutEchoReplies             \t0\nIcmp6OutGroupMembQueries        \t0\nIcmp6OutGroupMembResponses      \t0\nIcmp6OutGroupMembReductions     \t0\nIcmp6OutRouterSolicits          \t0\nIcmp6OutRouterAdvertisements    \t0\nIcmp6OutNeighborSolicits        \t0\nIcmp6OutNeighborAdvertisements  \t0\nIcmp6OutRedirects               \t0\nIcmp6OutMLDv2Reports            \t0\nUdp6InDatagrams                 \t0\nUdp6NoPorts                     \t0\nUdp6InErrors                    \t0\nUdp6OutDatagrams                \t0\nUdp6RcvbufErrors                \t0\nUdp6SndbufErrors                \t0\nUdp6InCsumErrors                \t0\nUdp6IgnoredMulti                \t0\nUdp6MemErrors                   \t0\nUdpLite6InDatagrams             \t0\nUdpLite6NoPorts                 \t0\nUdpLite6InErrors                \t0\nUdpLite6OutDatagrams            \t0\nUdpLite6RcvbufErrors            \t0\nUdpLite6SndbufErrors            \t0\nUdpLite6InCsumErrors            \t0\nUdpLite6MemErrors               \t0\n',
  sockstat6: 'TCP6: inuse 0\nUDP6: inuse 0\nUDPLITE6: inuse 0\nRAW6: inuse 0\nFRAG6: inuse 0 memory 0\n',
  tcp: '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode                                                     \n',
  tcp6: '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n',
  udp: '   sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops            \n',
  udp6: '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops\n',
  udplite: '   sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops            \n',
  udplite6: '  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops\n',
  unix: 'Num       RefCount Protocol Flags    Type St Inode Path\n',
  xfrm_stat:
    'XfrmInError             \t0\nXfrmInBufferError       \t0\nXfrmInHdrError          \t0\nXfrmInNoStates          \t0\nXfrmInStateProtoError   \t0\nXfrmInStateModeError    \t0\nXfrmInStateSeqError     \t0\nXfrmInStateExpired      \t0\nXfrmInStateMismatch     \t0\nXfrmInStateInvalid      \t0\nXfrmInTmplMismatch      \t0\nXfrmInNoPols            \t0\nXfrmInPolBlock          \t0\nXfrmInPolError          \t0\nXfrmOutError            \t0\nXfrmOutBundleGenError   \t0\nXfrmOutBundleCheckError \t0\nXfrmOutNoStates         \t0\nXfrmOutStateProtoError  \t0\nXfrmOutStateModeError   \t0\nXfrmOutStateSeqError    \t0\nXfrmOutStateExpired     \t0\nXfrmOutPolBlock         \t0\nXfrmOutPolDead          \t0\nXfrmOutPolError         \t0\nXfrmFwdHdrError         \t0\nXfrmOutStateInvalid     \t0\nXfrmAcquireError        \t0\nXfrmOutStateDirError    \t0\nXfrmInStateDirError     \t0\nXfrmInIptfsError        \t0\nXfrmOutNoQueueSpace     \t0\n',
};

/**
 * /proc/net/dev_snmp6/<dev> after its first line: the per-device IPv6 and
 * ICMPv6 MIB (snmp6_dev_seq_show, `%-32s\t%lu` each), all zero for a device
 * that never sent or received.
 */
export const DEV_SNMP6_MIBS = `
  Ip6InReceives Ip6InHdrErrors Ip6InTooBigErrors Ip6InNoRoutes Ip6InAddrErrors Ip6InUnknownProtos
  Ip6InTruncatedPkts Ip6InDiscards Ip6InDelivers Ip6OutForwDatagrams Ip6OutRequests Ip6OutDiscards
  Ip6OutNoRoutes Ip6ReasmTimeout Ip6ReasmReqds Ip6ReasmOKs Ip6ReasmFails Ip6FragOKs Ip6FragFails
  Ip6FragCreates Ip6InMcastPkts Ip6OutMcastPkts Ip6InOctets Ip6OutOctets Ip6InMcastOctets
  Ip6OutMcastOctets Ip6InBcastOctets Ip6OutBcastOctets Ip6InNoECTPkts Ip6InECT1Pkts Ip6InECT0Pkts
  Ip6InCEPkts Ip6OutTransmits Icmp6InMsgs Icmp6InErrors Icmp6OutMsgs Icmp6OutErrors Icmp6InCsumErrors
  Icmp6InDestUnreachs Icmp6InPktTooBigs Icmp6InTimeExcds Icmp6InParmProblems Icmp6InEchos
  Icmp6InEchoReplies Icmp6InGroupMembQueries Icmp6InGroupMembResponses Icmp6InGroupMembReductions
  Icmp6InRouterSolicits Icmp6InRouterAdvertisements Icmp6InNeighborSolicits
  Icmp6InNeighborAdvertisements Icmp6InRedirects Icmp6InMLDv2Reports Icmp6OutDestUnreachs
  Icmp6OutPktTooBigs Icmp6OutTimeExcds Icmp6OutParmProblems Icmp6OutEchos Icmp6OutEchoReplies
  Icmp6OutGroupMembQueries Icmp6OutGroupMembResponses Icmp6OutGroupMembReductions
  Icmp6OutRouterSolicits Icmp6OutRouterAdvertisements Icmp6OutNeighborSolicits
  Icmp6OutNeighborAdvertisements Icmp6OutRedirects Icmp6OutMLDv2Reports`
  .trim()
  .split(/\s+/)
  .map((name) => name.padEnd(32) + '\t0\n')
  .join('');
