-- Wireshark / tshark dissector for san's pcap files (the ns-3 san module).
--
-- san writes one pcap file per fabric port (SanFabricHelper::EnablePcap, EnablePcapAll) with
-- link type DLT_USER0 and nanosecond timestamps. Every record starts with the 16-byte fabric
-- header (SanFabricHeader: source host, destination host, sequence number, bytes on the wire,
-- each a big-endian 32-bit word). What follows is the network interface's own header, which
-- the fabric header does not name: choose it with the preference "san.nic" (none, hamlyn,
-- dart, clan, shrimp, sci), as the run used one interface.
--
--   tshark -X lua_script:tools/wireshark/san.lua -o san.nic:hamlyn -r run-host-0.pcap -V
--   wireshark -X lua_script:tools/wireshark/san.lua run-host-0.pcap
--
-- or copy this file to Wireshark's personal plugins folder (Help > About > Folders).
-- The layouts are those of each header's Serialize() in model/<nic>/<nic>-header.cc.

local san = Proto("san", "san fabric")

local f = san.fields
f.src = ProtoField.uint32("san.src", "Source host")
f.dst = ProtoField.uint32("san.dst", "Destination host")
f.seq = ProtoField.uint32("san.seq", "Sequence")
f.bytes = ProtoField.uint32("san.bytes", "Bytes on the wire")
f.payload = ProtoField.bytes("san.payload", "Payload")

local NIC_NONE, NIC_HAMLYN, NIC_DART, NIC_CLAN, NIC_SHRIMP, NIC_SCI = 0, 1, 2, 3, 4, 5
local nic_choices = {
    { 1, "none", NIC_NONE },
    { 2, "hamlyn", NIC_HAMLYN },
    { 3, "dart", NIC_DART },
    { 4, "clan", NIC_CLAN },
    { 5, "shrimp", NIC_SHRIMP },
    { 6, "sci", NIC_SCI },
}
san.prefs.nic = Pref.enum("nic", NIC_NONE,
    "The network interface whose header follows the fabric header", nic_choices, false)

-- Hamlyn (HamlynHeader): key width flag, out-of-band length, slot, notify index, terminus,
-- source node, offset, delta, the key (32 or 64 bits), then the out-of-band bytes.
local hamlyn = Proto("san.hamlyn", "san Hamlyn")
local h = hamlyn.fields
h.long_key = ProtoField.uint8("san.hamlyn.long_key", "64-bit key")
h.oob_len = ProtoField.uint8("san.hamlyn.oob_len", "Out-of-band bytes")
h.slot = ProtoField.uint16("san.hamlyn.slot", "Slot")
h.notify = ProtoField.uint16("san.hamlyn.notify", "Notify index")
h.terminus = ProtoField.uint16("san.hamlyn.terminus", "Terminus")
h.source = ProtoField.uint32("san.hamlyn.source", "Source node")
h.offset = ProtoField.uint32("san.hamlyn.offset", "Offset")
h.delta = ProtoField.uint32("san.hamlyn.delta", "Delta")
h.key = ProtoField.uint64("san.hamlyn.key", "Protection key", base.HEX)
h.oob = ProtoField.bytes("san.hamlyn.oob", "Out-of-band data")

-- DART (DartControl::Encode): opcode, flags, two register operations, condition, mask,
-- three index slots, VCI, operand.
local dart = Proto("san.dart", "san DART")
local d = dart.fields
local dart_opcodes = { [1] = "WRITE", [2] = "WRITE_MULTIPLE", [3] = "READ", [4] = "READ_MULTIPLE",
    [5] = "SOFTWARE_EXCEPTION" }
local dart_addressing = { [0] = "NONE", [1] = "DIRECT", [2] = "INDIRECT", [3] = "INDEXED" }
d.opcode = ProtoField.uint8("san.dart.opcode", "Opcode", base.DEC, dart_opcodes)
d.addressing = ProtoField.uint8("san.dart.addressing", "Addressing", base.DEC, dart_addressing, 0x03)
d.ip = ProtoField.bool("san.dart.instruction_pointer", "Instruction pointer", 8, nil, 0x04)
d.ret = ProtoField.bool("san.dart.return_value", "Return value", 8, nil, 0x08)
d.regops = ProtoField.uint24("san.dart.register_ops", "Register operations", base.HEX)
d.cond = ProtoField.uint8("san.dart.condition", "Condition", base.HEX)
d.mask = ProtoField.uint8("san.dart.mask", "Word mask", base.HEX)
d.index = ProtoField.bytes("san.dart.index", "Index slots")
d.vci = ProtoField.uint16("san.dart.vci", "VCI")
d.operand = ProtoField.uint32("san.dart.operand", "Operand", base.HEX)

-- CLAN (ClanHeader): type and DMA flag, a zero byte, a 48-bit address; a read request adds
-- its length and tag.
local clan = Proto("san.clan", "san CLAN")
local c = clan.fields
local clan_types = { [0] = "WRITE", [1] = "READ_REQUEST", [2] = "READ_REPLY" }
c.type = ProtoField.uint8("san.clan.type", "Type", base.DEC, clan_types, 0x7f)
c.dma = ProtoField.bool("san.clan.dma", "DMA", 8, nil, 0x80)
c.address = ProtoField.uint64("san.clan.address", "Address", base.HEX)
c.length = ProtoField.uint32("san.clan.length", "Read length")
c.tag = ProtoField.uint32("san.clan.tag", "Tag")

-- SHRIMP (ShrimpHeader): kind, flags, data length, destination physical address.
local shrimp = Proto("san.shrimp", "san SHRIMP")
local s = shrimp.fields
local shrimp_kinds = { [1] = "DATA", [2] = "FENCE", [3] = "FENCE_ECHO" }
s.kind = ProtoField.uint8("san.shrimp.kind", "Kind", base.DEC, shrimp_kinds)
s.interrupt = ProtoField.bool("san.shrimp.interrupt", "Interrupt requested", 8, nil, 0x01)
s.length = ProtoField.uint16("san.shrimp.length", "Data length")
s.address = ProtoField.uint32("san.shrimp.address", "Destination address", base.HEX)

-- SCI (SciHeader): type, echo status, source node, transaction, length, 48-bit address,
-- the CRC's place.
local sci = Proto("san.sci", "san SCI")
local x = sci.fields
local sci_types = { [0] = "WRITE_REQUEST", [1] = "READ_REQUEST", [2] = "READ_RESPONSE", [3] = "ECHO" }
local sci_status = { [0] = "DONE", [1] = "RETRY", [2] = "ERROR" }
x.type = ProtoField.uint8("san.sci.type", "Type", base.DEC, sci_types)
x.status = ProtoField.uint8("san.sci.status", "Echo status", base.DEC, sci_status)
x.source = ProtoField.uint16("san.sci.source", "Source node")
x.transaction = ProtoField.uint16("san.sci.transaction", "Transaction")
x.length = ProtoField.uint16("san.sci.length", "Length")
x.address = ProtoField.uint64("san.sci.address", "Address", base.HEX)
x.crc = ProtoField.uint16("san.sci.crc", "CRC", base.HEX)

-- A 48-bit address written as a 16-bit high part and a 32-bit low part.
local function address48(tvb, at)
    return UInt64(tvb(at + 2, 4):uint(), tvb(at, 2):uint())
end

-- Each returns the bytes its header took, or nil when the record is too short for it.
local function dissect_hamlyn(tvb, tree)
    if tvb:len() < 24 then return nil end
    local long_key = tvb(0, 1):uint() ~= 0
    local oob = tvb(1, 1):uint()
    local size = (long_key and 28 or 24) + oob
    if tvb:len() < size then return nil end
    local t = tree:add(hamlyn, tvb(0, size))
    t:add(h.long_key, tvb(0, 1))
    t:add(h.oob_len, tvb(1, 1))
    t:add(h.slot, tvb(2, 2))
    t:add(h.notify, tvb(4, 2))
    t:add(h.terminus, tvb(6, 2))
    t:add(h.source, tvb(8, 4))
    t:add(h.offset, tvb(12, 4))
    t:add(h.delta, tvb(16, 4))
    if long_key then
        t:add(h.key, tvb(20, 8))
    else
        t:add(h.key, tvb(20, 4), UInt64(tvb(20, 4):uint()))
    end
    if oob > 0 then t:add(h.oob, tvb(size - oob, oob)) end
    return size, "Hamlyn slot " .. tvb(2, 2):uint() .. " offset " .. tvb(12, 4):uint()
end

local function dissect_dart(tvb, tree)
    if tvb:len() < 16 then return nil end
    local t = tree:add(dart, tvb(0, 16))
    t:add(d.opcode, tvb(0, 1))
    t:add(d.addressing, tvb(1, 1))
    t:add(d.ip, tvb(1, 1))
    t:add(d.ret, tvb(1, 1))
    t:add_le(d.regops, tvb(2, 3))
    t:add(d.cond, tvb(5, 1))
    t:add(d.mask, tvb(6, 1))
    t:add(d.index, tvb(7, 3))
    t:add(d.vci, tvb(10, 2))
    t:add(d.operand, tvb(12, 4))
    local op = dart_opcodes[tvb(0, 1):uint()] or "?"
    return 16, "DART " .. op .. " vci " .. tvb(10, 2):uint()
end

local function dissect_clan(tvb, tree)
    if tvb:len() < 8 then return nil end
    local kind = bit.band(tvb(0, 1):uint(), 0x7f)
    local size = (kind == 1) and 16 or 8
    if tvb:len() < size then return nil end
    local t = tree:add(clan, tvb(0, size))
    t:add(c.type, tvb(0, 1))
    t:add(c.dma, tvb(0, 1))
    t:add(c.address, tvb(2, 6), address48(tvb, 2))
    if kind == 1 then
        t:add(c.length, tvb(8, 4))
        t:add(c.tag, tvb(12, 4))
    end
    return size, "CLAN " .. (clan_types[kind] or "?")
end

local function dissect_shrimp(tvb, tree)
    if tvb:len() < 8 then return nil end
    local t = tree:add(shrimp, tvb(0, 8))
    t:add(s.kind, tvb(0, 1))
    t:add(s.interrupt, tvb(1, 1))
    t:add(s.length, tvb(2, 2))
    t:add(s.address, tvb(4, 4))
    return 8, "SHRIMP " .. (shrimp_kinds[tvb(0, 1):uint()] or "?")
end

local function dissect_sci(tvb, tree)
    if tvb:len() < 16 then return nil end
    local t = tree:add(sci, tvb(0, 16))
    t:add(x.type, tvb(0, 1))
    t:add(x.status, tvb(1, 1))
    t:add(x.source, tvb(2, 2))
    t:add(x.transaction, tvb(4, 2))
    t:add(x.length, tvb(6, 2))
    t:add(x.address, tvb(8, 6), address48(tvb, 8))
    t:add(x.crc, tvb(14, 2))
    return 16, "SCI " .. (sci_types[tvb(0, 1):uint()] or "?")
end

local nic_dissectors = {
    [NIC_HAMLYN] = dissect_hamlyn,
    [NIC_DART] = dissect_dart,
    [NIC_CLAN] = dissect_clan,
    [NIC_SHRIMP] = dissect_shrimp,
    [NIC_SCI] = dissect_sci,
}

function san.dissector(tvb, pinfo, tree)
    if tvb:len() < 16 then return 0 end
    pinfo.cols.protocol = "san"
    local t = tree:add(san, tvb(0, 16))
    t:add(f.src, tvb(0, 4))
    t:add(f.dst, tvb(4, 4))
    t:add(f.seq, tvb(8, 4))
    t:add(f.bytes, tvb(12, 4))
    pinfo.cols.src = tostring(tvb(0, 4):uint())
    pinfo.cols.dst = tostring(tvb(4, 4):uint())
    local info = "host " .. tvb(0, 4):uint() .. " -> " .. tvb(4, 4):uint() .. " seq " ..
        tvb(8, 4):uint() .. " " .. tvb(12, 4):uint() .. " bytes"
    local at = 16
    local nic = nic_dissectors[san.prefs.nic]
    if nic and tvb:len() > at then
        local used, what = nic(tvb(at):tvb(), tree)
        if used then
            at = at + used
            info = info .. ", " .. what
        end
    end
    if tvb:len() > at then tree:add(f.payload, tvb(at)) end
    pinfo.cols.info = info
    return tvb:len()
end

local encaps = wtap_encaps or wtap
DissectorTable.get("wtap_encap"):add(encaps.USER0, san)
