/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "san-channel.h"

#include "san-fabric.h"
#include "san-port.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <limits>
#include <typeinfo>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SanChannel");

NS_OBJECT_ENSURE_REGISTERED(SanChannel);

TypeId
SanChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SanChannel")
            .SetParent<Channel>()
            .SetGroupName("San")
            .AddConstructor<SanChannel>()
            // Hamlyn 1995, section 4.1: Myrinet "provides 80 MB/s of bandwidth per
            // port, simultaneously in each direction" (80e6 B/s = 640 Mb/s).
            .AddAttribute("DataRate",
                          "Rate of each direction of the link.",
                          DataRateValue(DataRate("640Mbps")),
                          MakeDataRateAccessor(&SanChannel::SetDataRate, &SanChannel::GetDataRate),
                          MakeDataRateChecker())
            // Not given by the papers: about 2 m of cable inside a machine room.
            .AddAttribute("Delay",
                          "Propagation delay of the link.",
                          TimeValue(NanoSeconds(10)),
                          MakeTimeAccessor(&SanChannel::SetDelay, &SanChannel::GetDelay),
                          MakeTimeChecker(Seconds(0)))
            // 0 keeps every result that predates it: the papers' links have no Delay, and a
            // credit took effect as the packet freeing its slot had left. A link with a Delay
            // may let the credit cross it as a packet's head does.
            .AddAttribute(
                "CreditDelay",
                "Time a credit takes back to the sending end: a slot freed at the far "
                "end counts there this much later.",
                TimeValue(Seconds(0)),
                MakeTimeAccessor(&SanChannel::SetCreditDelay, &SanChannel::GetCreditDelay),
                MakeTimeChecker(Seconds(0)))
            // Not given by the papers; the NICs account for their own headers.
            .AddAttribute(
                "FramingBytes",
                "Bytes of link framing added to every packet on the wire.",
                UintegerValue(0),
                MakeUintegerAccessor(&SanChannel::SetFramingBytes, &SanChannel::GetFramingBytes),
                MakeUintegerChecker<uint32_t>())
            // Credits keep every result that predates Xon/Xoff. CLAN 1999, section 2.2:
            // "Hardware flow control is based on the Xon/Xoff scheme".
            .AddAttribute("FlowControl",
                          "Link-level flow control: Credits (the sender knows each buffer slot at "
                          "the far end) or XonXoff (the far end sends Xoff when its buffer "
                          "reaches XoffThreshold and Xon when it falls to XonThreshold).",
                          EnumValue(CREDITS),
                          MakeEnumAccessor(&SanChannel::m_flowControl),
                          MakeEnumChecker(CREDITS, "Credits", XON_XOFF, "XonXoff"))
            // ASSUMED (CLAN gives no numbers): by default the highest mark at which no data
            // can be lost, so that the buffer is used before the sender stops; anything sent
            // during one round trip of the link after the mark is reached must still fit.
            .AddAttribute("XoffThreshold",
                          "XonXoff: bytes in a virtual channel's input buffer at which the "
                          "receiving end sends Xoff. 0: automatic, BufferSize minus the headroom "
                          "(the bytes the link carries in one round trip, plus one "
                          "MaxPacketSize, or one CellSize in Cell mode; in Wormhole mode the "
                          "round trip alone). A mark above that is refused at set-up.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanChannel::m_xoffThreshold),
                          MakeUintegerChecker<uint32_t>())
            // ASSUMED: half the Xoff mark, a hysteresis that bounds the symbols to one pair per
            // half a mark of bytes drained, and leaves the buffer enough to keep the output busy
            // while the Xon crosses the link whenever half the mark covers one round trip.
            .AddAttribute("XonThreshold",
                          "XonXoff: bytes in a virtual channel's input buffer at or below which "
                          "the receiving end sends Xon after an Xoff. 0: automatic, half the "
                          "Xoff mark. Must be below the Xoff mark.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SanChannel::m_xonThreshold),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

namespace
{
/// The links by handle (SanChannel::FromHandle reads its entries inline), and the handles of
/// destroyed links, for reuse.
struct SanLinkHandles
{
    std::vector<SanChannel*> byHandle{nullptr}; //!< entry 0: no link
    std::vector<uint32_t> free;                 //!< handles to reuse
};

SanLinkHandles&
GetLinkHandles()
{
    static auto* handles = new SanLinkHandles; // never destroyed: a link may outlive statics
    return *handles;
}
} // namespace

SanChannel::SanChannel()
{
    SanLinkHandles& h = GetLinkHandles();
    if (!h.free.empty())
    {
        m_handle = h.free.back();
        h.free.pop_back();
        h.byHandle[m_handle] = this;
        return;
    }
    NS_ABORT_MSG_IF(h.byHandle.size() > std::numeric_limits<uint32_t>::max(),
                    "SanChannel: more than 2^32 - 1 links at once");
    m_handle = static_cast<uint32_t>(h.byHandle.size());
    h.byHandle.push_back(this);
    s_byHandle = h.byHandle.data();
}

SanChannel::~SanChannel()
{
    SanLinkHandles& h = GetLinkHandles();
    h.byHandle[m_handle] = nullptr;
    h.free.push_back(m_handle);
}

void
SanChannel::DoDispose()
{
    m_dev[0] = nullptr;
    m_dev[1] = nullptr;
    Channel::DoDispose();
}

void
SanChannel::Attach(SanPort* device)
{
    NS_ABORT_MSG_IF(m_nDevices >= 2, "SanChannel: a link joins exactly two ports");
    NS_ABORT_MSG_IF(m_rate.GetBitRate() == 0, "SanChannel: DataRate must be positive");
    m_dev[m_nDevices++] = device;
    if (m_nDevices == 2)
    {
        m_dev[0]->Connect(0, m_dev[1]->IsSink());
        m_dev[1]->Connect(1, m_dev[0]->IsSink());
        // This class's Transmit is Deliver, so its ends may deliver to each other directly and
        // not touch the channel per message. A subclass (a remote channel, a test's counting
        // channel) overrides Transmit, so its ends keep calling it.
        if (typeid(*this) == typeid(SanChannel))
        {
            m_dev[0]->m_peer = m_dev[1];
            m_dev[1]->m_peer = m_dev[0];
        }
    }
}

void
SanChannel::Transmit(const SanLinkMessage& msg)
{
    Deliver(msg);
}

std::size_t
SanChannel::GetNDevices() const
{
    return m_nDevices;
}

Ptr<NetDevice>
SanChannel::GetDevice(std::size_t i) const
{
    NS_ABORT_MSG_IF(i >= m_nDevices, "SanChannel::GetDevice: index " << i << " out of range");
    return m_dev[i]->GetDevice(); // a switch port's is made on first use
}

DataRate
SanChannel::GetDataRate() const
{
    return m_rate;
}

Time
SanChannel::GetDelay() const
{
    return m_delay;
}

uint32_t
SanChannel::GetFramingBytes() const
{
    return m_framing;
}

SanChannel::FlowControl
SanChannel::GetFlowControl() const
{
    return m_flowControl;
}

uint32_t
SanChannel::GetXoffThreshold() const
{
    return m_xoffThreshold;
}

uint32_t
SanChannel::GetXonThreshold() const
{
    return m_xonThreshold;
}

void
SanChannel::UseFabric(SanFabric* fabric)
{
    NS_ABORT_MSG_IF(m_timing.fabric != nullptr && m_timing.fabric != fabric,
                    "SanChannel: ports of two fabrics on one channel");
    if (m_timing.fabric == nullptr)
    {
        m_timing.fabric = fabric;
        m_timing.nVcs = fabric->GetNVcs();
        m_timing.slotsPerVc = fabric->GetSlotsPerVc();
    }
}

void
SanChannel::RefuseAfterTiming(const char* attribute) const
{
    // The ports precompute the link's timing when they are connected, and a packet's arrival
    // is fixed when it is sent: a new delay or framing mid-run could reorder a link's packets.
    NS_ABORT_MSG_IF(m_timing.ready,
                    "SanChannel: " << attribute
                                   << " is fixed once the fabric is built (the ports time every "
                                      "packet from it); set it on SanFabricHelper "
                                      "(SetChannelAttribute), or with Config::SetDefault, before "
                                      "Install");
}

void
SanChannel::SetDataRate(DataRate rate)
{
    RefuseAfterTiming("DataRate");
    m_rate = rate;
}

void
SanChannel::SetDelay(Time delay)
{
    RefuseAfterTiming("Delay");
    m_delay = delay;
}

void
SanChannel::SetCreditDelay(Time delay)
{
    RefuseAfterTiming("CreditDelay");
    m_creditDelay = delay;
}

Time
SanChannel::GetCreditDelay() const
{
    return m_creditDelay;
}

void
SanChannel::SetFramingBytes(uint32_t bytes)
{
    RefuseAfterTiming("FramingBytes");
    m_framing = bytes;
}

void
SanChannel::SetTiming()
{
    if (m_timing.ready)
    {
        return;
    }
    NS_ABORT_MSG_IF(m_timing.fabric == nullptr, "SanChannel: no fabric");
    m_timing.stepsPerByte = 8.0 * static_cast<double>(Seconds(1).GetTimeStep()) /
                            static_cast<double>(m_rate.GetBitRate());
    m_timing.propSteps = m_delay.GetTimeStep();
    m_timing.creditSteps = m_creditDelay.GetTimeStep();
    m_timing.framing = m_framing;
    NS_ABORT_MSG_IF(uint64_t(m_framing) + m_timing.fabric->GetMaxPacketSize() >
                        std::numeric_limits<uint32_t>::max(),
                    "SanChannel: FramingBytes ("
                        << m_framing << ") plus the fabric's MaxPacketSize ("
                        << m_timing.fabric->GetMaxPacketSize()
                        << ") overflow a packet's 32-bit size on the wire");
    m_timing.ready = true;
}

} // namespace ns3
