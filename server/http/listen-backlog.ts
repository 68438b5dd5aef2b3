/**
 * The queue of connections the kernel accepts for a listening server before the process takes them. Node's
 * default is 511: partners open their pools in bursts (a broker process opens up to 32 connections to each of
 * sixteen lenders when a campaign's first applications are identified), and under bench:load with four brokers
 * the simulators' queue overflowed some twenty thousand times in 30 s; every dropped handshake waits for the
 * client's retransmission, one second and then three, and a few exchanges timed out. Linux caps it at
 * net.core.somaxconn (4096 by default since 5.4).
 */
export const LISTEN_BACKLOG = 4096;
