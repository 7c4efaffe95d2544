/*
 * Copyright (c) 2026 The san authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SAN_FABRIC_EVENT_H
#define SAN_FABRIC_EVENT_H

#include "ns3/event-impl.h"
#include "ns3/san-fabric-packet.h"

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

namespace ns3
{

/**
 * \ingroup san
 * \brief Memory for the fabric's per-packet events: fixed-size blocks recycled through a free
 * list, so that an event costs no malloc/free pair (ns-3's MakeEvent allocates each event on
 * the heap).
 *
 * Blocks are carved from chunks that live until the program ends, as SanFabricPacket's pool.
 * Single-threaded, as ns-3's default simulator (each MPI rank is a process of its own).
 */
class SanFabricEventMemory
{
  public:
    /// Size of a large block, one cache line, and its alignment: the largest event the fabric
    /// schedules fits (EventImpl's 16 bytes and up to six words of bound object and
    /// arguments), and no such event straddles two lines.
    static constexpr std::size_t BLOCK = 64;
    /// Size of a small block: EventImpl's 16 bytes, the order key, the object and up to two
    /// words of arguments.
    static constexpr std::size_t SMALL_BLOCK = 48;
    /// Size of a packet's block: the event of every packet-hop (SanFabricPacketEvent:
    /// EventImpl's 16 bytes, the packet, which is also its order key, and the object). Most
    /// pending events are these, about one per packet in flight.
    static constexpr std::size_t PACKET_BLOCK = 32;

    /// \param size bytes wanted (at most BLOCK) \return a block of the smallest size that fits
    static void* Allocate(std::size_t size);
    /// \param block a block from Allocate() \param size the size asked for
    static void Release(void* block, std::size_t size);
};

/**
 * \ingroup san
 * \brief An event that calls a member function of an object with bound arguments, like the
 * EventImpl that ns-3's MakeEvent builds, but smaller (the function is a template argument, not
 * stored) and with its memory from SanFabricEventMemory.
 *
 * ns-3 deletes an event through EventImpl's virtual destructor once it has run (or when the
 * simulator is destroyed); the class-specific operator delete returns the block to the pool.
 * Schedule it with Simulator::ScheduleWithContext(context, delay,
 * MakeSanFabricEvent<&Class::Method>(obj, args...)): the events, their times and their order
 * are exactly those of the MakeEvent form.
 *
 * \tparam METHOD the member function called
 * \tparam OBJ its class
 * \tparam ARGS its parameters
 */
/**
 * \ingroup san
 * \brief What every fabric event carries besides its call: a place among the events of the
 * same time, for SanOrderedScheduler.
 *
 * ns-3's schedulers run simultaneous events in the order they were scheduled. In a
 * distributed run that order is not the same as in one process: a message from another rank is
 * handed over later than the same message on one rank, so the events it causes are scheduled
 * later. SanOrderedScheduler runs simultaneous events by (class, key) instead, which every rank
 * computes alike: port wake-ups and Xon/Xoff checks (CLASS_PORT, keyed by node and port) before
 * packet arrivals (CLASS_PACKET, keyed by the packet's uid). Other schedulers ignore it.
 */
class SanFabricEventBase : public EventImpl
{
  public:
    /// Events of no other class: ns-3's own order among them (class 0).
    static constexpr uint8_t CLASS_NONE = 0;
    /// A port's own decision (wake-up, Xon/Xoff check): keyed by PortKey.
    static constexpr uint8_t CLASS_PORT = 1;
    /// A packet reaching a switch or a host: keyed by its uid.
    static constexpr uint8_t CLASS_PACKET = 2;

    /**
     * \param node a node id
     * \param port the port's number on the node (SanPort::GetNumber)
     * \return the key of that port's events
     */
    static uint64_t PortKey(uint32_t node, uint32_t port)
    {
        return (static_cast<uint64_t>(node) << 32) | port;
    }

    /**
     * Give the event its place among simultaneous events.
     * \param cls its class
     * \param key its key within the class
     * \return this event
     */
    EventImpl* Order(uint8_t cls, uint64_t key)
    {
        m_orderClass = cls;
        m_orderKey = key;
        s_lastOrdered = this;
        return this;
    }

    /**
     * \param impl an event being scheduled
     * \return it as a fabric event if it is the one Order() was last called on, else nullptr.
     * An event is ordered in the expression that schedules it, so the event ordered last is
     * the next one inserted: SanOrderedScheduler learns its class without a dynamic_cast.
     */
    static const SanFabricEventBase* TakeOrdered(const EventImpl* impl)
    {
        if (impl != s_lastOrdered)
        {
            return nullptr;
        }
        s_lastOrdered = nullptr;
        return static_cast<const SanFabricEventBase*>(impl);
    }

    /// Start fetching what the event will touch when it runs (its object and its pointer
    /// arguments) into the cache; SanOrderedScheduler calls it one event ahead.
    virtual void Prefetch() const = 0;

    /// Every fabric event's memory is a block of SanFabricEventMemory, of its own size (new
    /// is given the derived event's size, and EventImpl's virtual destructor gives delete
    /// the same).
    /// \param size bytes \return a block from the pool
    static void* operator new(std::size_t size)
    {
        return SanFabricEventMemory::Allocate(size);
    }

    /// \param block a block to return to the pool \param size its event's size
    static void operator delete(void* block, std::size_t size)
    {
        SanFabricEventMemory::Release(block, size);
    }

    /// \return the class
    uint8_t GetOrderClass() const
    {
        return m_orderClass;
    }

    /// \return the key
    uint64_t GetOrderKey() const
    {
        return m_keyIsPacket ? m_packet->uid : m_orderKey;
    }

  protected:
    /**
     * Bind the event to a packet, its first argument, which is also its order: class
     * CLASS_PACKET, keyed by the packet's uid (SanFabricPacketEvent).
     * \param p the packet
     */
    void SetPacket(SanFabricPacket* p)
    {
        m_orderClass = CLASS_PACKET;
        m_keyIsPacket = true;
        m_packet = p;
        s_lastOrdered = this;
    }

    /// \return the packet (SetPacket)
    SanFabricPacket* GetPacket() const
    {
        return m_packet;
    }

  private:
    // The class and the flag first: they fit in EventImpl's tail padding, so an event with
    // two pointer-sized arguments still fits its block.
    uint8_t m_orderClass{CLASS_NONE}; //!< class
    bool m_keyIsPacket{false};        //!< the key is m_packet's uid

    union {
        uint64_t m_orderKey{0};    //!< key within the class
        SanFabricPacket* m_packet; //!< the packet whose uid is the key (m_keyIsPacket)
    };

    static inline const EventImpl* s_lastOrdered{nullptr}; //!< the event last ordered
};

template <auto METHOD, typename OBJ, typename... ARGS>
class SanFabricEvent : public SanFabricEventBase
{
  public:
    /**
     * \param obj the object
     * \param args the arguments
     */
    SanFabricEvent(OBJ* obj, ARGS... args)
        : m_obj(obj),
          m_args(args...)
    {
        static_assert(sizeof(SanFabricEvent) <= SanFabricEventMemory::BLOCK,
                      "SanFabricEvent: bound arguments too large for a pooled block");
    }

    void Prefetch() const override
    {
        __builtin_prefetch(m_obj);
        std::apply([](ARGS... args) { (PrefetchIfPointer(args), ...); }, m_args);
    }

  protected:
    void Notify() override
    {
        std::apply([this](ARGS... args) { (m_obj->*METHOD)(args...); }, m_args);
    }

  private:
    /// \param a an argument: fetched ahead if it is a pointer
    template <typename T>
    static void PrefetchIfPointer(T a)
    {
        if constexpr (std::is_pointer_v<T>)
        {
            __builtin_prefetch(a);
        }
    }

    OBJ* m_obj;                 //!< the object
    std::tuple<ARGS...> m_args; //!< the arguments
};

/**
 * \ingroup san
 * \brief A fabric event whose first argument is a packet, ordered by it (CLASS_PACKET, the
 * packet's uid): the packet is kept once, as the order key's source, so a packet-hop's event
 * (a switch's HandleReady, a host's Deliver) takes a 32-byte block (PACKET_BLOCK).
 *
 * \tparam METHOD the member function called
 * \tparam OBJ its class
 * \tparam ARGS its parameters after the packet
 */
template <auto METHOD, typename OBJ, typename... ARGS>
class SanFabricPacketEvent : public SanFabricEventBase, private std::tuple<ARGS...>
{
  public:
    /**
     * \param obj the object
     * \param p the packet
     * \param args the other arguments
     */
    SanFabricPacketEvent(OBJ* obj, SanFabricPacket* p, ARGS... args)
        : std::tuple<ARGS...>(args...),
          m_obj(obj)
    {
        static_assert(sizeof(SanFabricPacketEvent) <= SanFabricEventMemory::BLOCK,
                      "SanFabricPacketEvent: bound arguments too large for a pooled block");
        SetPacket(p);
    }

    void Prefetch() const override
    {
        __builtin_prefetch(m_obj);
        __builtin_prefetch(GetPacket());
    }

  protected:
    void Notify() override
    {
        std::apply([this](ARGS... args) { (m_obj->*METHOD)(GetPacket(), args...); },
                   static_cast<std::tuple<ARGS...>&>(*this));
    }

  private:
    OBJ* m_obj; //!< the object
};

/// \cond INTERNAL
/// Recovers the class and parameter types of a member function pointer type.
template <typename T>
struct SanFabricEventMaker;

/// The member function pointer case.
template <typename C, typename... PARAMS>
struct SanFabricEventMaker<void (C::*)(PARAMS...)>
{
    /// \tparam METHOD the member function \tparam OBJ the object's type \tparam ARGS given
    /// arguments \param obj the object \param args the arguments \return the event
    template <auto METHOD, typename OBJ, typename... ARGS>
    static SanFabricEventBase* Make(OBJ* obj, ARGS... args)
    {
        return new SanFabricEvent<METHOD, C, PARAMS...>(obj, static_cast<PARAMS>(args)...);
    }
};

/// Recovers the class and the parameter types after the packet of a member function pointer
/// type whose first parameter is a packet.
template <typename T>
struct SanFabricPacketEventMaker;

/// The member function pointer case.
template <typename C, typename... PARAMS>
struct SanFabricPacketEventMaker<void (C::*)(SanFabricPacket*, PARAMS...)>
{
    /// \tparam METHOD the member function \tparam OBJ the object's type \tparam ARGS given
    /// arguments \param obj the object \param p the packet \param args the other arguments
    /// \return the event
    template <auto METHOD, typename OBJ, typename... ARGS>
    static EventImpl* Make(OBJ* obj, SanFabricPacket* p, ARGS... args)
    {
        return new SanFabricPacketEvent<METHOD, C, PARAMS...>(obj, p, static_cast<PARAMS>(args)...);
    }
};

/// \endcond

/**
 * \ingroup san
 * \brief Make a pooled event, as MakeEvent makes a heap one:
 * MakeSanFabricEvent<&SanSwitch::HandleReady>(sw, p).
 * \tparam METHOD the member function (void, of OBJ)
 * \param obj the object
 * \param args its arguments, converted to the member function's parameter types
 * \return the event, owned by the caller until it is scheduled
 */
template <auto METHOD, typename OBJ, typename... ARGS>
SanFabricEventBase*
MakeSanFabricEvent(OBJ* obj, ARGS... args)
{
    return SanFabricEventMaker<decltype(METHOD)>::template Make<METHOD>(obj, args...);
}

/**
 * \ingroup san
 * \brief Make a pooled event of a packet, already ordered by it (CLASS_PACKET, its uid):
 * MakeSanPacketEvent<&SanSwitch::HandleReady>(sw, p), as
 * MakeSanFabricEvent<&SanSwitch::HandleReady>(sw, p)->Order(CLASS_PACKET, p->uid) in less
 * memory.
 * \tparam METHOD the member function (void, of OBJ; its first parameter the packet)
 * \param obj the object
 * \param p the packet
 * \param args its other arguments, converted to the member function's parameter types
 * \return the event, owned by the caller until it is scheduled
 */
template <auto METHOD, typename OBJ, typename... ARGS>
EventImpl*
MakeSanPacketEvent(OBJ* obj, SanFabricPacket* p, ARGS... args)
{
    return SanFabricPacketEventMaker<decltype(METHOD)>::template Make<METHOD>(obj, p, args...);
}

} // namespace ns3

#endif /* SAN_FABRIC_EVENT_H */
