/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_PORT_H
#define SAN_PORT_H

#include "ns3/net-device.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/san-fabric-packet.h"
#include "ns3/san-port-extras.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

class SanChannel;
class SanFabric;
class SanSwitch;
class SanXonXoffReceiver;
struct SanLinkMessage;

/**
 * \ingroup san
 * What a port's per-packet work reads of its link, in time steps: worked out once per
 * SanChannel from its attributes as the first of its links connects (SanPort::Connect), and
 * shared by the link's two ends, or by every bare link that takes that channel's attributes.
 * A port keeps none of it, which keeps a switch port at two cache lines.
 */
struct SanLinkTiming
{
    SanFabric* fabric{nullptr}; //!< the fabric of the ports on the channel's links
    double stepsPerByte{0};     //!< serialization time per byte
    int64_t propSteps{0};       //!< propagation delay
    int64_t creditSteps{0};     //!< a credit's flight back to the sender (CreditDelay)
    uint32_t framing{0};        //!< framing bytes per packet
    uint32_t nVcs{1};           //!< virtual channels (the fabric's)
    uint32_t slotsPerVc{1};     //!< buffer slots per virtual channel (the fabric's)
    bool ready{false};          //!< the fields from the attributes are set
};

/**
 * \ingroup san
 * \brief One end of a fabric link: the output side of a switch port or of
 * a host's fabric interface.
 *
 * A plain C++ object, not an ns-3 Object: a switch keeps its ports as records in one array
 * (SanSwitchPort), and a host's interface (SanEndpointDevice) is a NetDevice that is also a
 * port. What ns-3 sees of a port, its NetDevice with the trace sources, is SanPortDevice; a
 * switch port gets one only when someone asks for it (SanSwitch::GetPortDevice). A port's
 * events run in its node's context and are ordered by (node id, port number), where the
 * number is a switch port's topology port number or a host interface's interface index.
 *
 * The port owns the output link and the credits for the virtual-channel
 * buffers at the far end. A packet leaves when the link is idle and a
 * buffer slot on one of its acceptable virtual channels is free; otherwise
 * it waits in the port's queue (first come, first served among packets
 * whose channel is free, so one blocked virtual channel does not block
 * another; a switch's Arbitration may choose otherwise, SanOutputArbiter).
 * Each credit slot records the time it becomes free, or "held"
 * while the packet in it has not yet moved on; the port schedules a single
 * wake-up event for the earliest time something could change, so an idle
 * or uncontended port costs no events at all.
 *
 * Splitting and coalescing (CLAN 1999, section 2.2): a splittable packet (a
 * write burst: a header holding a destination address, then data whose
 * every word's address follows from it) may be cut at any word. When such
 * a packet, longer than the switch's SplitThreshold, is about to take an
 * output while packets of other source-destination pairs wait for it, a
 * switch port sends only a first piece (header plus a whole number of
 * 4-byte words, at most SplitThreshold bytes) and queues the rest, with a
 * header computed from the first part's (its offset in the burst), as a
 * new packet behind those waiters but ahead of any later packet of the
 * same pair, so per-pair order holds. The rest keeps the input buffer slot
 * and, in wormhole mode, the upstream slots the burst still spans. A port
 * decides when a packet takes the output (a splittable packet that finds
 * the link busy waits in the queue for it rather than being committed to
 * follow at once); it does not cut a packet that is already on the link
 * when a contender arrives. In virtual cut-through,
 * a piece that joins the queue right behind the piece before it (same
 * burst, contiguous, nothing between) is merged into it; the merged
 * packet frees both input slots as its tail leaves.
 *
 * Xon/Xoff (SanChannel FlowControl XonXoff; CLAN 1999, section 2.2): the
 * port keeps no credits. It starts a packet (a whole packet, or a worm's
 * head in wormhole mode) on a virtual channel only while the far end has
 * not told it Xoff on that channel, and only when its link is idle: it does
 * not commit a packet to follow the one on the link, since an Xoff may come
 * in between. As the receiving end of its link it counts the bytes in each
 * of its virtual channels' buffers (SanXonXoffReceiver: a packet counts in
 * full from its head's arrival until its tail leaves the switch; in wormhole
 * mode a worm counts as a full buffer, so one worm holds a channel at a time
 * as under credits) and sends Xoff when a buffer reaches the Xoff mark, Xon
 * when it falls to the Xon mark. A symbol takes effect one propagation delay
 * after it is sent. Within a worm nothing changes: the model moves no flits,
 * and a worm whose head blocks stops along its whole length at once, which
 * stands for the Xoffs that would stop it buffer by buffer. The marks are
 * checked at set-up so that nothing sent during a round trip of the link
 * after an Xoff can overflow a buffer (in strict modes this is also checked
 * as the simulation runs). The decisions cost one event each, at the times
 * the buffer's known contents say a mark may be crossed, not one per byte.
 *
 * A port knows the far end of its link only through its SanChannel: packets
 * it sends and credits it returns upstream are SanLinkMessages handed to the
 * channel's Transmit(), and what arrives comes from the channel
 * (ReceivePacket, ReceiveCredit). That keeps a link splittable across MPI
 * ranks.
 *
 * The port itself keeps the queue, the link's busy time and the wake-up; each of its other
 * jobs is a collaborator's, none of which adds to a port's 64 bytes: the flow-control policy
 * (CreditFlow, the credit table; XonXoffFlow, the sender's gate; san-port-flow-control.h), the
 * receiving end of an Xon/Xoff link (SanXonXoffReceiver), splitting and coalescing
 * (SanPortSplitter), the output arbitration (SanOutputArbiter), the switching mode's answers
 * (SanSwitchingPolicy, the fabric's), and what few ports need (SanPortExtras).
 */
class SanPort
{
  public:
    /// A slot whose occupant has not yet moved on.
    static constexpr int64_t HELD = std::numeric_limits<int64_t>::max();

    SanPort(const SanPort&) = delete;
    SanPort& operator=(const SanPort&) = delete;

    /// The largest port number a port keeps (16 bits, one value meaning "not yet made").
    static constexpr uint32_t MAX_NUMBER = 0xfffe;
    /// The most packets that may wait at one port (its queue length has 23 bits).
    static constexpr uint32_t MAX_QUEUE = 0x7fffff;

    /**
     * Number the port: its events run in its node's context and are ordered by (node, number).
     * \param number its number there (a switch port's topology port number, a host
     * interface's interface index); at most MAX_NUMBER
     */
    void SetNumber(uint32_t number);
    /// \return the id of the node it sits on (for a switch without a node, the context its
    /// node would have had): the context its events run in
    inline uint32_t GetNodeId() const;
    /// \return its number on that node
    uint32_t GetNumber() const;
    /// \return its link's channel (nullptr before Attach, and on a bare link)
    SanChannel* GetLink() const;
    /// \return true once both ends of its link are attached
    bool IsConnected() const;
    /// \return the port's NetDevice (a switch port's is made on first use)
    Ptr<NetDevice> GetDevice();
    /// Return waiting packets to the pool and let go of the link (the owner's DoDispose).
    void Dispose();

    /**
     * Connect to a channel and size the credit table.
     * \param fabric the fabric this port belongs to
     * \param channel the link
     */
    void Attach(Ptr<SanFabric> fabric, Ptr<SanChannel> channel);
    /**
     * Connect two ports by a bare link: one with the attributes of a channel (rate, delay,
     * framing, flow control) but no channel object of its own. Each port sends to the other
     * directly (SanChannel::DeliverTo), as a SanChannel's Transmit does; GetLink() is then
     * nullptr. A large fabric saves a channel object per link this way (SanFabricHelper
     * links switches so when SetSwitchPortDevices is false); a link cut between MPI ranks
     * needs its channel (SanRemoteChannel).
     * \param fabric the fabric both ports belong to
     * \param attributes a channel whose attributes the link takes (nothing is attached to it)
     * \param a the end numbered 0
     * \param b the end numbered 1
     */
    static void AttachBare(Ptr<SanFabric> fabric,
                           Ptr<SanChannel> attributes,
                           SanPort* a,
                           SanPort* b);
    /**
     * Send a packet out of this port as soon as the link and a slot on one of
     * the virtual channels in vcMask are free (its readyTs must be now).
     * \param p the packet
     * \param vcMask acceptable virtual channels at the far end
     */
    void Forward(SanFabricPacket* p, uint32_t vcMask);

    /**
     * \param vcMask virtual channels
     * \return packets waiting here plus slots in use on those channels, plus
     * one if the link is busy (used by adaptive routing)
     */
    uint32_t GetOccupancy(uint32_t vcMask) const;
    /**
     * \param vcMask virtual channels
     * \return true if a packet could take a slot on one of them now without
     * queueing (it may still wait for the link to finish the packet before)
     */
    bool CanSendNow(uint32_t vcMask) const;
    /// \return the serialization time of a packet of the given size, in time steps
    /// \param bytes packet size without framing
    int64_t GetSerializationSteps(uint32_t bytes) const;
    /// \return the propagation delay in time steps
    int64_t GetPropagationSteps() const;
    /**
     * The least time from a packet's head reaching this port to the packet taking effect
     * here, for packets of at least the given size: its routing (a switch's RoutingDelay) or
     * its tail's arrival, whichever comes first. Part of the lead of a link cut between MPI
     * ranks (SanRemoteChannel::GetLead).
     * \param bytes the shortest packet that may arrive
     * \return time steps (0 here: a host's interface promises nothing)
     */
    int64_t GetArrivalLeadSteps(uint32_t bytes) const;
    /**
     * The least time from this port's node sending a credit back over this port's link (as
     * the packet that held the slot leaves onward) to the credit taking effect, its release
     * time (the packet's tail has left), for packets of at least the given size. Part of the
     * lead of a link cut between MPI ranks (SanRemoteChannel::GetLead).
     * \param bytes the shortest packet that may arrive
     * \return time steps (0 here: a host's interface promises nothing)
     */
    int64_t GetCreditLeadSteps(uint32_t bytes) const;
    /// \return number of packets waiting in this port's queue
    uint32_t GetQueueLength() const;
    /// \return packets sent through this port
    uint64_t GetTxPackets() const;
    /// \return time steps the link has been (or is already committed to be) busy sending, summed
    /// over the packets sent (from each head's departure to its tail's)
    int64_t GetBusySteps() const;
    /**
     * \param vc a virtual channel
     * \return slots of that channel's buffer at the far end in use now (credit links; 0 on an
     * Xon/Xoff link, which keeps no credits)
     */
    uint32_t GetSlotsInUse(uint32_t vc) const;
    /// \return the fabric this port belongs to
    Ptr<SanFabric> GetFabric() const;
    /// \return true if this port's link uses Xon/Xoff flow control
    bool IsXonXoff() const;
    /// \return Xoff symbols this port sent (as the receiving end of its link)
    uint64_t GetXoffSent() const;
    /// \return Xon symbols this port sent
    uint64_t GetXonSent() const;
    /// \return the Xoff mark in effect for this port's input buffers (0: none)
    uint32_t GetXoffMark() const;
    /// \return the Xon mark in effect for this port's input buffers (0: none)
    uint32_t GetXonMark() const;
    /// \param vc virtual channel \return bytes now counted in that input buffer (Xon/Xoff)
    uint64_t GetBufferOccupancy(uint32_t vc) const;

    /**
     * TracedCallback signature for packet departures.
     * \param uid packet uid
     * \param src source host
     * \param dst destination host
     * \param bytes size without framing
     * \param vc virtual channel taken
     */
    typedef void (*PacketTxTracedCallback)(uint64_t uid,
                                           uint32_t src,
                                           uint32_t dst,
                                           uint32_t bytes,
                                           uint32_t vc);

    /// "PacketEvent"'s vc for an arrival (the channel is the sender's choice).
    static constexpr uint32_t NO_VC = 0xffffffff;

    /**
     * TracedCallback signature of "PacketEvent", at the time the event happens: a packet's
     * head leaves through this port ('-') or its tail arrives at it ('r', as ns-3's ASCII
     * traces write receptions).
     * \param kind '-' or 'r'
     * \param packet the packet with its 16-byte SanFabricHeader
     * \param vc the virtual channel taken ('-'), or NO_VC ('r')
     */
    typedef void (*PacketEventTracedCallback)(char kind, Ptr<const Packet> packet, uint32_t vc);

    /**
     * The port's name in trace file names and trace lines: "switch-3-port-2" for a switch's
     * port, "host-5" for a host's interface.
     * \return the name
     */
    std::string GetPortName() const;

    /// The port's trace sources (made when a tracer first connects).
    using Traces = SanPortTraces;

    /// \return the trace sources, made on first use (SanPortDevice's trace sources)
    Traces& GetTraces();

    /**
     * For tests: frames of 2^shift time steps (default 30). A port keeps small credit tables
     * and its wake-up time as offsets in a frame four frames long; small frames make times
     * cross frames and lie beyond them all the time, which must change nothing. Call before
     * any port is made (a port's frame index means nothing under another shift).
     * \param shift 1 to 30
     */
    static void SetFrameShift(int shift);

    /// \return true for a switch's port, false for a host's interface
    bool IsSwitchPort() const
    {
        return m_storeIndex != NOT_IN_SWITCH;
    }

  protected:
    /**
     * The two kinds of port. A port has no virtual functions (a pointer to a table of them
     * would be 8 bytes on each of a deep tree's twenty ports per host): what differs between
     * a switch's port and a host's interface is dispatched on the kind, to the functions of
     * the same name in SanSwitchPort and SanEndpointDevice.
     * \param inSwitch true for a switch port
     * \param storeIndex a switch port's index in its switch's array of ports
     */
    SanPort(bool inSwitch, uint32_t storeIndex);
    /// Only SanSwitchPort and SanEndpointDevice are destroyed, never through a SanPort*.
    ~SanPort();

    /**
     * A packet arrives through the channel (the far end sent it); the head and
     * tail arrival times are known. Called by SanChannel only.
     * \param p the packet
     * \param headTs time its head arrives here
     * \param tailTs time its tail arrives here
     */
    void ReceivePacket(SanFabricPacket* p, int64_t headTs, int64_t tailTs);

    /**
     * Hook run as a packet leaves (routing state, injection time).
     * \param p the packet
     * \param vc the virtual channel acquired
     * \param departTs departure time
     */
    void OnDepart(SanFabricPacket* p, uint32_t vc, int64_t departTs);

    /**
     * \return true if any waiting packet may overtake a blocked one (switch
     * ports); a host interface sends strictly in order.
     */
    bool MayReorderQueue() const
    {
        return IsSwitchPort();
    }

    /// \return true if this port is a host interface, which always accepts arrivals
    bool IsSink() const
    {
        return !IsSwitchPort();
    }

    /// \return the largest piece this port cuts from a splittable packet under contention
    /// (bytes on the wire; 0: never split). Asked only for splittable packets that wait.
    uint32_t GetSplitThreshold() const;
    /// \return true if this port merges consecutive pieces of one burst in its queue
    bool MayCoalesce() const;

    /// What sits before a switch's array of ports, so that a port finds its switch and
    /// context from its index in the array (SanSwitch lays the block out).
    struct SwitchBlock
    {
        SanSwitch* owner;    //!< the switch
        uint32_t context;    //!< its node id: the context its ports' events run in
        uint8_t arbitration; //!< its output arbitration (SanOutputArbiter::Policy)
        uint8_t unused[3];   //!< to the ports' alignment
    };

    /// \return the output arbitration policy (SanOutputArbiter::Policy): the switch's for a
    /// switch port, FCFS (0) for a host's interface, which sends in order
    uint8_t GetArbitration() const
    {
        return IsSwitchPort() ? GetSwitchBlock()->arbitration : 0;
    }

    /// \return the header of the block of ports this switch port is in
    const SwitchBlock* GetSwitchBlock() const
    {
        return reinterpret_cast<const SwitchBlock*>(reinterpret_cast<const char*>(this) -
                                                    m_storeIndex * sizeof(SanPort) -
                                                    sizeof(SwitchBlock));
    }

    /// \return true once SetNumber has given the port a number
    bool IsNumbered() const
    {
        return m_number != NOT_NUMBERED;
    }

  private:
    friend class SanChannel;      // Connect, ReceivePacket, ReceiveCredit, ReceiveXonXoff, IsSink
    friend class SanSwitch;       // lays out the block of its ports (SwitchBlock)
    friend class SanPortSplitter; // cuts and merges packets in the queue
    friend class SanXonXoffReceiver; // the receiving end of an Xon/Xoff link

    /// Give back a slot table kept on the heap (Dispose, the destructor).
    void FreeSlots();

    /**
     * Take the fabric's credit table size and the link's attributes (Attach, AttachBare).
     * \param fabric the fabric
     * \param channel the link, or the channel whose attributes a bare link takes
     */
    void Prepare(Ptr<SanFabric> fabric, Ptr<SanChannel> channel);
    /**
     * Hand a message to the far end: straight to it when the link allows (a bare link, or a
     * plain SanChannel, whose Transmit does just that), else through the channel's Transmit
     * (defined inline in san-channel.h, where SanChannel is complete).
     * \param msg the message, sent from this port's end
     */
    inline void SendOnLink(const SanLinkMessage& msg);

    /**
     * Called by the channel once both ends are attached.
     * \param end this port's end of the channel (0 or 1)
     * \param peerIsSink the far end is a host interface that always accepts
     */
    void Connect(uint8_t end, bool peerIsSink);
    /**
     * A credit arrives through the channel: a slot of this port's credit
     * table frees at ts (or is HELD); wake waiters. Called by SanChannel only.
     * \param slot the slot
     * \param ts the time (time steps), or HELD
     */
    inline void ReceiveCredit(uint32_t slot, int64_t ts);
    /**
     * An XPACKET, XOFF or XON message arrives through the channel (defined in
     * san-port-flow-control.cc, with the rest of Xon/Xoff). Called by SanChannel only.
     * \param msg the message
     */
    void ReceiveXonXoff(const SanLinkMessage& msg);
    /**
     * Send a credit to the port that owns a slot, over that port's own link
     * (defined inline in san-channel.h, where SanChannel is complete).
     * \param owner the port whose credit table holds the slot (upstream)
     * \param slot the slot
     * \param ts its release time (time steps), or HELD
     */
    static inline void ReturnCredit(SanPort* owner, uint32_t slot, int64_t ts);
    /**
     * Start sending p on slot at departTs (>= now).
     * \tparam Flow the port's flow control (CreditFlow, XonXoffFlow)
     * \param p the packet
     * \param slot the credit slot taken
     * \param vc its virtual channel
     * \param departTs departure time
     * \param wasQueued the packet waited in the queue
     */
    template <class Flow>
    void Depart(SanFabricPacket* p, uint32_t slot, uint32_t vc, int64_t departTs, bool wasQueued);
    /// Queue p; a wormhole packet also marks the slots it holds upstream as held.
    /// \param p the packet
    void Block(SanFabricPacket* p);
    /// Send what can be sent now, then arrange the next wake-up.
    void ServeQueue();

    // Flow control as a policy (san-port-flow-control.h): chosen by the link's FlowControl as
    // the port attaches (m_xonXoff), asked by the templates below instead of testing a flag.
    struct CreditFlow;
    struct XonXoffFlow;
    /// Call f with the port's flow-control policy (a CreditFlow or an XonXoffFlow value).
    /// \param f the callable \return what it returns
    template <class F>
    decltype(auto) WithFlow(F&& f);
    /// \copydoc WithFlow
    template <class F>
    decltype(auto) WithFlow(F&& f) const;
    /// Forward under a flow-control policy. \param p the packet \param vcMask channels
    template <class Flow>
    void ForwardWith(SanFabricPacket* p, uint32_t vcMask);
    /// ServeQueue under a flow-control policy.
    template <class Flow>
    void ServeQueueWith();

    /**
     * Whether a packet that finds a slot free but the link busy with an earlier packet waits
     * in the queue rather than being committed to follow at once: a splittable packet that
     * SanPortSplitter::WaitsForLink, and every packet at a switch port whose arbitration is not
     * FCFS (its choice is made when the link frees). \param p the packet \return true if p should
     * wait in the queue
     */
    inline bool WaitsForBusyLink(const SanFabricPacket* p) const;

    /// Put p into the queue right after before (a split's rest, SanPortSplitter).
    /// \param before a waiting packet \param p the packet
    inline void InsertAfter(SanFabricPacket* before, SanFabricPacket* p);

    /// Take cur (after prev, or at the head) out of the queue.
    /// \param prev its predecessor, or nullptr \param cur the packet
    inline void Unlink(SanFabricPacket* prev, SanFabricPacket* cur);

    // Xon/Xoff (san-port-flow-control.cc; the receiving end is SanXonXoffReceiver)
    /// This port owns the link into the buffer that holds an entry: the entry's packet leaves
    /// that buffer at ts (or is HELD), so tell the far end, the buffer's owner.
    /// \param slot the entry \param ts release time, or HELD
    void ReleaseXonXoff(uint32_t slot, int64_t ts);
    /// Check event of the receiving end (SanXonXoffReceiver::Check; nothing once disposed).
    void HandleCheck();
    /// An Xoff or Xon from the far end takes effect (event).
    /// \param vc the virtual channel \param xoff true for Xoff
    void ApplyGate(uint32_t vc, bool xoff);
    /// Make sure the queue is served at ts.
    /// \param ts time
    void ScheduleWake(int64_t ts);
    /// Wake-up event.
    void HandleWake();

    /// \return true if a pcap or ASCII tracer listens (the channel asks before each arrival)
    bool IsTraced() const
    {
        return m_hasTraces && (!FindExtras().traces.promiscSniffer.IsEmpty() ||
                               !FindExtras().traces.packetEvent.IsEmpty());
    }

    /**
     * Trace a departure or an arrival at the time it happens (SanPortExtras::TracePacket).
     * \param kind '-' departure or 'r' arrival
     * \param p the packet
     * \param vc channel taken, or NO_VC
     * \param ts time of the event
     */
    void TracePacket(char kind, const SanFabricPacket* p, uint32_t vc, int64_t ts)
    {
        SanPortExtras::TracePacket(this, kind, p, vc, ts);
    }

    /// \return the extras (SanPortExtras), made on first use
    SanPortExtras& GetExtras();
    /// \return the extras (the port has some: m_hasExtras)
    SanPortExtras& FindExtras() const;
    /// Drop the extras, if any (Dispose, the destructor).
    void DropExtras();

    /// \return the Xon/Xoff receiving end (nullptr unless a switch port receives on an
    /// Xon/Xoff link)
    SanXonXoffReceiver* Rx() const
    {
        return m_hasExtras ? FindExtras().rx.get() : nullptr;
    }

    /// \return the far end of the link (defined in san-channel.h; nullptr while the channel
    /// has one end)
    inline SanPort* FarEnd() const;

    /// \return the link's timing, shared with the link's other end (and with every bare link
    /// of the same attributes)
    inline const SanLinkTiming& Timing() const;
    /// \return the link (nullptr before Attach): its handle, looked up (defined in
    /// san-channel.h)
    inline SanChannel* Link() const;

    // The port's frame. A small credit table keeps its release times, and the port its
    // pending wake-up time and the time its link is busy until, as 32-bit offsets from the frame's
    // base, m_frame << s_frameShift time steps, at most now: a time before the base is past (free
    // since before now, all that a query with a time from now on needs to know), and times up to
    // three frames after it fit (3 x 2^30 steps: 3.2 s in nanoseconds, 3.2 ms in picoseconds). A
    // time beyond moves the frame to now's; one still beyond (a huge packet on a slow link) moves
    // the table to the heap, or the wake-up or busy-until time to the extras.

    /// log2 of a frame's length in time steps (SetFrameShift).
    static inline int s_frameShift = 30;
    /// The largest framed value of a time (base + value - 1): four frames' worth.
    static inline uint32_t s_framedMax = 0xfffffffd;
    /// Framed value of a time before the frame's base.
    static constexpr uint32_t FRAMED_PAST = 0;
    /// Framed wake-up time kept in the extras (beyond the frame).
    static constexpr uint32_t FRAMED_FAR = 0xfffffffe;
    /// Framed HELD (a slot), or no wake-up pending.
    static constexpr uint32_t FRAMED_NONE = 0xffffffff;

    /// \return the frame's base in time steps
    int64_t FrameBase() const
    {
        return static_cast<int64_t>(m_frame) << s_frameShift;
    }

    /// \param ts a time, at least the frame's base \return it in the frame, to compare with
    /// framed times (a time beyond the frame compares as later than every framed time)
    uint32_t FrameQuery(int64_t ts) const
    {
        const int64_t q = ts - FrameBase() + 1;
        return q <= 0 ? FRAMED_PAST : (q >= s_framedMax ? s_framedMax : static_cast<uint32_t>(q));
    }

    /// \param v a framed value (not FRAMED_FAR) \return the time, HELD for FRAMED_NONE (a
    /// time before the base for FRAMED_PAST)
    int64_t FrameDecode(uint32_t v) const
    {
        return v == FRAMED_NONE ? HELD : FrameBase() + v - 1;
    }

    /**
     * \param ts a time, or HELD
     * \param v set to it in the frame, if it fits
     * \return false if it is beyond the frame (v unchanged)
     */
    bool FrameEncode(int64_t ts, uint32_t& v) const
    {
        if (ts == HELD)
        {
            v = FRAMED_NONE;
            return true;
        }
        const int64_t q = ts - FrameBase() + 1;
        if (q > s_framedMax)
        {
            return false;
        }
        v = q <= 0 ? FRAMED_PAST : static_cast<uint32_t>(q);
        return true;
    }

    /// Move the frame to now's, re-encoding the framed slots and the wake-up time.
    /// \param now the time now
    void Reframe(int64_t now);

    /// Set a credit slot's release time. \param slot the slot \param ts time, or HELD
    void SetSlot(uint32_t slot, int64_t ts)
    {
        if (m_heapSlots)
        {
            m_slotStore.heap[slot] = ts;
        }
        else if (!FrameEncode(ts, m_slotStore.framed[slot]))
        {
            SetSlotSlow(slot, ts);
        }
    }

    /// SetSlot for a time beyond the frame (out of line). \param slot slot \param ts time
    void SetSlotSlow(uint32_t slot, int64_t ts);

    /// \return the time from which the link is idle (a time before the frame's base: past)
    int64_t BusyUntil() const
    {
        return m_busyUntil == FRAMED_FAR ? FarBusyUntil() : FrameDecode(m_busyUntil);
    }

    /// Record the time from which the link is idle. \param ts that time, after now
    void SetBusyUntil(int64_t ts)
    {
        if (!FrameEncode(ts, m_busyUntil))
        {
            SetBusyUntilSlow(ts);
        }
    }

    /// \return a busy-until time kept in the extras (FRAMED_FAR; out of line: rare)
    int64_t FarBusyUntil() const;
    /// SetBusyUntil for a time beyond the frame (out of line). \param ts the time
    void SetBusyUntilSlow(int64_t ts);

    /// \return the time of the pending wake-up, HELD if none
    int64_t PendingWake() const;
    /// Record the pending wake-up. \param ts its time \param now the time now
    void SetPendingWake(int64_t ts, int64_t now);

    /// m_number of a switch port not yet made.
    static constexpr uint16_t NOT_NUMBERED = 0xffff;
    /// m_storeIndex of a host's interface (no switch).
    static constexpr uint16_t NOT_IN_SWITCH = 0xffff;

    /// \return the first waiting packet (the queue is a ring: the tail's next is the head)
    SanFabricPacket* QueueHead() const
    {
        return m_qTail != nullptr ? m_qTail->next : nullptr;
    }

    /// \param p a waiting packet \return the one after it, or nullptr after the tail
    SanFabricPacket* QueueNext(const SanFabricPacket* p) const
    {
        return p == m_qTail ? nullptr : p->next;
    }

    /// Put p at the end of the queue. \param p the packet
    inline void Enqueue(SanFabricPacket* p);
    /// \return an endpoint's node id (out of line: SanEndpointDevice is complete in the .cc)
    uint32_t GetEndpointNodeId() const;
    /// Abort: a queue is full (MAX_QUEUE; kept out of line, off the per-packet path).
    [[noreturn]] void AbortQueueFull() const;
    /**
     * Count a departure: the counters keep their low 32 bits in the port and what carries out
     * of them in its extras (once per 2^32 packets or time steps, off the per-packet path).
     * \param busy the time steps the link is busy with it
     */
    inline void CountDeparture(int64_t busy);
    /// Carry out of the port's 32-bit counters. \param tx packets \param busy time steps
    void CarryCounts(uint64_t tx, uint64_t busy);

    // The per-packet state, 64 bytes (a switch's ports are records of that size in one
    // array): first what an arrival or a credit touches (the far end, the slots, the queue),
    // then what a departure adds, then the rest. What all ports of a kind of link share
    // (rate, delay, framing, the credit table's shape, the fabric) is read through m_link
    // (SanLinkTiming); what all ports of a switch share (the switch, its context), through
    // the block their array is in (SwitchBlock).
    SanPort* m_peer{nullptr}; //!< the far end, where messages go straight to it: a bare link,
                              //!< or a plain SanChannel (nullptr: through Transmit)
    /// Slots live inline for the common small buffers (no heap block per port).
    static constexpr uint32_t INLINE_SLOTS = 4;

    /// Release time of each credit slot: inline for small tables, framed (FrameEncode), else
    /// a heap block (m_heapSlots). An Xon/Xoff link keeps no credits: its sender's gate is
    /// kept here.
    union SlotStore {
        uint32_t framed[INLINE_SLOTS]; //!< small tables: framed times
        int64_t* heap;                 //!< owned storage for larger ones: times
        uint32_t xoffMask;             //!< Xon/Xoff sender: channels the far end stopped
    } m_slotStore{};

    SanFabricPacket* m_qTail{nullptr}; //!< waiting packets: the last, whose next is the first
    uint32_t m_busyUntil{FRAMED_PAST}; //!< link idle from this time, framed (BusyUntil)
    uint32_t m_link{0};                //!< the link's handle (Link(); 0: none): the only way to
                                       //!< the far end (the channel list owns it); on a bare
                                       //!< link, the channel whose attributes it has. Never 0
                                       //!< while attached.
    uint32_t m_wake{FRAMED_NONE};      //!< the pending wake-up's time, framed
    uint32_t m_frame{0};               //!< the frame's index (its base >> s_frameShift)
    uint32_t m_txPackets{0};           //!< packets sent, low 32 bits (the rest: Extras)
    uint32_t m_busySteps{0};           //!< link busy time summed, low 32 bits (the rest: Extras)
    uint32_t m_qLen : 23;              //!< queue length (at most MAX_QUEUE)
    uint32_t m_end : 1;                //!< this port's end of the channel (0 or 1)
    uint32_t m_connected : 1;          //!< both ends of the channel are attached
    uint32_t m_peerIsSink : 1;         //!< the far end always accepts (a host)
    uint32_t m_xonXoff : 1;            //!< the link uses Xon/Xoff, not credits
    uint32_t m_bare : 1;               //!< the link has no channel object
    uint32_t m_sendsXPackets : 1;      //!< it sends XPACKETs (into an Xon/Xoff buffer)
    uint32_t m_hasExtras : 1;          //!< it has an entry in the extras table
    uint32_t m_hasTraces : 1;          //!< a tracer asked for its trace sources (so the hot
                                       //!< path looks the extras up only then: a port's
                                       //!< counters' carries make extras too)
    uint32_t m_heapSlots : 1;          //!< its slot table is on the heap
    uint16_t m_number{NOT_NUMBERED};   //!< its number on its node (events' order)
    uint16_t m_storeIndex;             //!< a switch port's index in its switch's array of
                                       //!< ports, or NOT_IN_SWITCH

  protected:
    /// \return the fabric this port belongs to (nullptr before Attach; defined in
    /// san-channel.h)
    inline SanFabric* Fabric() const;

    /// \return the channel whose attributes the link has: its own, or the one a bare link
    /// takes them from (nullptr before Attach)
    inline SanChannel* GetLinkAttributes() const;
};

uint32_t
SanPort::GetNodeId() const
{
    return IsSwitchPort() ? GetSwitchBlock()->context : GetEndpointNodeId();
}

void
SanPort::CountDeparture(int64_t busy)
{
    const uint64_t tx = uint64_t{m_txPackets} + 1;
    const uint64_t steps = uint64_t{m_busySteps} + static_cast<uint64_t>(busy);
    m_txPackets = static_cast<uint32_t>(tx);
    m_busySteps = static_cast<uint32_t>(steps);
    if (((tx | steps) >> 32) != 0)
    {
        CarryCounts(tx >> 32, steps >> 32);
    }
}

// Inline: the .cc's ServeQueueWith uses it.
void
SanPort::Unlink(SanFabricPacket* prev, SanFabricPacket* cur)
{
    if (prev == nullptr && cur == m_qTail)
    {
        m_qTail = nullptr; // it was the only one
    }
    else
    {
        // In the ring, the head's predecessor is the tail.
        SanFabricPacket* before = prev != nullptr ? prev : m_qTail;
        before->next = cur->next;
        if (cur == m_qTail)
        {
            m_qTail = before;
        }
    }
    --m_qLen;
    cur->next = nullptr;
}

void
SanPort::InsertAfter(SanFabricPacket* before, SanFabricPacket* p)
{
    p->next = before->next;
    before->next = p;
    if (m_qTail == before)
    {
        m_qTail = p;
    }
    if (m_qLen == MAX_QUEUE)
    {
        AbortQueueFull();
    }
    ++m_qLen;
}

void
SanPort::Enqueue(SanFabricPacket* p)
{
    if (m_qTail == nullptr)
    {
        p->next = p;
    }
    else
    {
        p->next = m_qTail->next;
        m_qTail->next = p;
    }
    m_qTail = p;
    ++m_qLen;
}

// Inline: a credit per packet-hop arrives here through the channel.
void
SanPort::ReceiveCredit(uint32_t slot, int64_t ts)
{
    SetSlot(slot, ts);
    if (ts != HELD && m_qTail != nullptr)
    {
        ScheduleWake(ts);
    }
}

} // namespace ns3

#endif /* SAN_PORT_H */
