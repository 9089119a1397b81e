# SPDX-License-Identifier: Apache-2.0
"""cocotb bench for the bus-free aesf_gcm_lanes with messages queued inside the core (issue 19): refused commands
between good ones, abort_i and clear_i with several messages queued and in flight, the key load's wipe of the
results, each checked against the golden
model (aesforge.model.gcm) and on the ports only. Uses the `aesforge sim` bench's driver pieces
(src/aesforge/sim/benches/gcm_lanes.py)."""
from __future__ import annotations

import json
import os
import random

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

from aesforge.model.gcm import gcm_decrypt, gcm_encrypt
from aesforge.sim.bench import start_clock_and_reset
from aesforge.sim.benches.gcm_lanes import GcmLanesTB

P = json.loads(os.environ.get("AESFORGE_PARAMS", "{}"))
KB = P.get("KEY_BITS", 128) // 8


class _Cfg:
    stall = 0.0
    seed = 1
    params = P


def vec(rng: random.Random, key: bytes, op: str = "encrypt", text: int = 64, aad: int = 16, iv: int = 12,
        tag_len: int = 16) -> dict:
    ivb, aadb, pt = rng.randbytes(iv), rng.randbytes(aad), rng.randbytes(text)
    ct, tag = gcm_encrypt(key, ivb, aadb, pt, tag_len)
    v = {"id": "x", "op": op, "mode": "gcm", "key": key.hex(), "iv": ivb.hex(), "aad": aadb.hex(), "tag_len": tag_len}
    if op == "encrypt":
        v.update(pt=pt.hex(), expect={"ct": ct.hex(), "tag": tag.hex()})
    else:
        v.update(ct=ct.hex(), tag=tag.hex(), expect={"auth_ok": True, "pt": pt.hex()})
    return v


def bad_plan(tb: GcmLanesTB, good: dict, **fields) -> dict:
    """A command the core must refuse (no beats, no text out)."""
    return {**tb.plan(good), "beats": [], "n_out": 0, **fields}


def check(tb: GcmLanesTB, v: dict, p: dict, outs: list, done: tuple) -> None:
    _, err, tag_o, fail = done
    res = tb.finish(p, outs, err, tag_o, fail)
    if v["op"] == "encrypt":
        assert res["ct"] == v["expect"]["ct"] and res["tag"] == v["expect"]["tag"], v
    else:
        assert res["auth_ok"] and res["pt"] == v["expect"]["pt"]
        key, iv, aad = (bytes.fromhex(v[k]) for k in ("key", "iv", "aad"))
        assert gcm_decrypt(key, iv, aad, bytes.fromhex(v["ct"]), bytes.fromhex(v["tag"])) is not None


async def run_queued(tb: GcmLanesTB, plans: list[dict]) -> tuple[list[list], list[tuple]]:
    """Commands as fast as the core takes them, beats back to back, outputs and done_o collected in order."""
    outs: list[list] = [[] for _ in plans]
    dones: list[tuple] = []

    async def commands():
        for p in plans:
            await tb.command(p)

    async def texts():
        for k, p in enumerate(plans):
            await tb.collect(p["n_out"], outs[k], budget=5000)

    async def results():
        for _ in plans:
            dones.append(await tb.wait_done())

    tasks = [cocotb.start_soon(c()) for c in (commands, texts, results)]
    await tb.drive([b for p in plans for b in p["beats"]])
    for t in tasks:
        await t
    return outs, dones


async def queue_and_start(tb: GcmLanesTB, vs: list[dict], nbeats: int) -> None:
    """Queue the commands of `vs`, then drive the first `nbeats` input beats of the first message."""
    plans = [tb.plan(v) for v in vs]
    for p in plans:
        await tb.command(p)
    await tb.drive(plans[0]["beats"][:nbeats])


async def quiet_text_port(dut) -> None:
    """Every cycle: while out_valid_o is low, out_data_o is 0 (the text FIFO writes its free entry speculatively:
    nothing that was not pushed, e.g. keystream XOR AAD, may show on the port)."""
    while True:
        await ReadOnly()
        if not int(dut.out_valid_o.value):
            assert int(dut.out_data_o.value) == 0, "out_data_o not 0 while out_valid_o is low"
        await RisingEdge(dut.clk_i)


async def setup(dut) -> tuple[GcmLanesTB, random.Random, bytes]:
    tb = GcmLanesTB(dut, _Cfg())
    tb.idle_inputs()
    await start_clock_and_reset(dut)
    cocotb.start_soon(quiet_text_port(dut))
    rng = random.Random(7)
    key = rng.randbytes(KB)
    await tb.load_key(key)
    return tb, rng, key


@cocotb.test()
async def refused_between_good(dut):
    """Refused commands (bad tag length, IV length 0, text too long) queued between good ones report done_o with
    err_o = 2 in their place; their neighbours (encrypt and decrypt, IV in the command and in beats) are unharmed."""
    tb, rng, key = await setup(dut)
    good = [vec(rng, key), vec(rng, key, "decrypt", text=33), vec(rng, key, iv=16, text=0, aad=20),
            vec(rng, key, "decrypt", text=100, iv=12), vec(rng, key, text=17, aad=0)]
    plans = [tb.plan(good[0]), bad_plan(tb, good[0], tag_len=7), tb.plan(good[1]),
             bad_plan(tb, good[1], iv=b""), tb.plan(good[2]), tb.plan(good[3]),
             bad_plan(tb, good[0], text=b"\0" * 16, tag_len=11), tb.plan(good[4])]
    want_err = [0, 2, 0, 2, 0, 0, 2, 0]
    outs, dones = await run_queued(tb, plans)
    assert [d[1] for d in dones] == want_err, dones
    g = iter(good)
    for p, o, d, e in zip(plans, outs, dones, want_err):
        if e:
            assert not o and not any(d[2]) and not d[3], "a refused command gave output, a tag or a FAIL"
        else:
            check(tb, next(g), p, o, d)


@cocotb.test()
async def abort_with_queue(dut):
    """abort_i while one message streams and three more are queued: exactly one done_o (err_o = 4), no input beat
    taken and no command lost afterwards; the core then runs a new queued stream correctly."""
    tb, rng, key = await setup(dut)
    d = dut
    d.out_ready_i.value = 1
    await queue_and_start(tb, [vec(rng, key, text=300) for _ in range(4)], 5)
    d.abort_i.value = 1
    await RisingEdge(d.clk_i)
    d.abort_i.value = 0
    n_done, errs = 0, []
    for _ in range(200):
        await ReadOnly()
        if int(d.done_o.value):
            n_done += 1
            errs.append(int(d.err_o.value))
        assert not int(d.in_ready_o.value), "input taken after abort_i"
        await RisingEdge(d.clk_i)
    assert errs == [4], errs
    await ReadOnly()
    assert int(d.cmd_ready_o.value) and not int(d.busy_o.value) and int(d.key_ok_o.value)
    await RisingEdge(d.clk_i)
    d.out_ready_i.value = 0
    good = [vec(rng, key, text=t) for t in (64, 0, 48, 200)] + [vec(rng, key, "decrypt", text=65)]
    plans = [tb.plan(v) for v in good]
    outs, dones = await run_queued(tb, plans)
    for v, p, o, dn in zip(good, plans, outs, dones):
        check(tb, v, p, o, dn)


@cocotb.test()
async def clear_with_queue(dut):
    """clear_i with messages queued: the key is gone (key_ok_o low, a command then reports err_o = 1), no output
    beat or tag appears afterwards; after a new key the core runs a queued stream correctly."""
    tb, rng, key = await setup(dut)
    d = dut
    vs = [vec(rng, key, text=200) for _ in range(3)]
    await queue_and_start(tb, vs, 3)
    d.clear_i.value = 1
    await RisingEdge(d.clk_i)
    d.clear_i.value = 0
    for _ in range(80):
        await ReadOnly()
        assert not int(d.out_valid_o.value) and not int(d.done_o.value) and not any(
            int(d.tag_o.value).to_bytes(16, "big")), "output after clear_i"
        await RisingEdge(d.clk_i)
    await ReadOnly()
    assert not int(d.key_ok_o.value)
    await RisingEdge(d.clk_i)
    p = tb.plan(vs[0])
    await tb.command(p)
    _, err, _, _ = await tb.wait_done()
    assert err == 1, err
    key2 = rng.randbytes(KB)
    await tb.load_key(key2)
    good = [vec(rng, key2, text=t, iv=iv) for t, iv in ((64, 12), (31, 8), (0, 12))]
    plans = [tb.plan(v) for v in good]
    outs, dones = await run_queued(tb, plans)
    for v, p, o, dn in zip(good, plans, outs, dones):
        check(tb, v, p, o, dn)


@cocotb.test()
async def key_load_wipes_results(dut):
    """A key load clears the last message's results: tag_o (after an encrypt), auth_fail_o (after a failed
    decrypt) and err_o (after a refused command) hold their values until the key handshake and are 0 from the
    second cycle after it (the README's protocol); each new key then works."""
    tb, rng, key = await setup(dut)
    d = dut

    def failing(k: bytes) -> dict:             # a decrypt whose tag has one bit flipped
        v = vec(rng, k, "decrypt", text=40)
        t = bytearray.fromhex(v["tag"])
        t[3] ^= 0x80
        return {**v, "tag": t.hex()}

    cases = [("tag_o", lambda k: tb.plan(vec(rng, k)), lambda: any(int(d.tag_o.value).to_bytes(16, "big"))),
             ("auth_fail_o", lambda k: tb.plan(failing(k)), lambda: int(d.auth_fail_o.value) == 1),
             ("err_o", lambda k: bad_plan(tb, vec(rng, k), tag_len=7), lambda: int(d.err_o.value) == 2)]
    for name, plan, shows in cases:
        _, dones = await run_queued(tb, [plan(key)])
        await ReadOnly()
        assert shows(), (name, "not on the ports after done_o", dones)
        for _ in range(5):                      # results hold while no key is offered
            await RisingEdge(d.clk_i)
            await ReadOnly()
            assert shows(), (name, "changed before the key load")
        await RisingEdge(d.clk_i)
        key = rng.randbytes(KB)
        await tb.key_handshake(key)            # now in the cycle after the handshake edge
        await ReadOnly()
        assert shows(), (name, "changed in the cycle after the key handshake")
        await RisingEdge(d.clk_i)
        await ReadOnly()
        assert not any(int(d.tag_o.value).to_bytes(16, "big")) and not int(d.auth_fail_o.value) \
            and int(d.err_o.value) == 0, (name, "not wiped by the key load")
        for _ in range(1000):                   # the new key: wait for key_ok_o
            await RisingEdge(d.clk_i)
            await ReadOnly()
            if int(d.key_ok_o.value):
                break
        else:
            raise AssertionError("no key_ok_o after the key load")
        await RisingEdge(d.clk_i)
        tb.key = key
    v = vec(rng, key, text=50)
    p = tb.plan(v)
    outs, dones = await run_queued(tb, [p])
    check(tb, v, p, outs[0], dones[0])
