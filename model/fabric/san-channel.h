/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_CHANNEL_H
#define SAN_CHANNEL_H

#include "ns3/channel.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"

#include <cstdint>

namespace ns3
{

class SanPortDevice;

/**
 * \ingroup san
 * \brief A full-duplex fabric link between two SanPortDevices: its rate,
 * propagation delay and per-packet framing. Each direction is an
 * independent output link owned by the sending port.
 */
class SanChannel : public Channel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SanChannel();
    ~SanChannel() override;

    /**
     * Attach a port; the second attachment connects the two ends.
     * \param device the port
     */
    void Attach(SanPortDevice* device);

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

    /// \return the link rate
    DataRate GetDataRate() const;
    /// \return the propagation delay
    Time GetDelay() const;
    /// \return framing bytes per packet
    uint32_t GetFramingBytes() const;

  protected:
    void DoDispose() override;

  private:
    DataRate m_rate;                           //!< link rate
    Time m_delay;                              //!< propagation delay
    uint32_t m_framing;                        //!< framing bytes per packet
    SanPortDevice* m_dev[2]{nullptr, nullptr}; //!< the two ends (owned by their nodes)
    uint32_t m_nDevices{0};                    //!< attached so far
};

} // namespace ns3

#endif /* SAN_CHANNEL_H */
