# SPDX-License-Identifier: Apache-2.0
"""gcm_lanes (multi-lane pipelined AES-GCM, bus-free core) on long seeded random streams of back-to-back GCM
messages (issue 19), every output and tag checked against the golden model (aesforge.model.gcm).

How the bench (src/aesforge/sim/benches/gcm_lanes.py) drives a stream: all vectors of a shard (jobs=1: one
shard, one simulator process, one reset at the start) go through the same core instance one after the
other. The key is loaded (key_valid_i handshake, then wait for key_ok_o) only when it differs from the key
loaded for the previous vector, so a stream with key changes exercises reloads between messages and
consecutive messages under one key exercise none. Each message: the command handshake (direction, IV / AAD /
text / tag lengths), then the IV, AAD, text and (decrypt) tag beats of N blocks, each segment starting on a
new beat, while a concurrent monitor collects the output beats; the bench then waits for done_o, reads
tag_o / auth_fail_o / err_o, and drives the next command (or key) from the next cycle on: no idle gap between
messages other than the stalls (the core takes one command at a time, so messages do not overlap inside
it). A decrypt whose tag fails returns auth_ok false and no pt (the bench withholds the unverified plaintext
the core streamed); a protocol violation (err_o, wrong out_cnt_o / out_last_o, non-zero padding or tag_o
bytes) becomes an error line and a reset (then check() fails it).

`stall` P (seeded by `seed`): before every input beat (in_valid_i) the bench idles for a geometric number of
cycles (each with probability P), and the monitor drops out_ready_i in each cycle with probability P, i.e.
random idle cycles on the valid it drives with data and back-pressure on the ready it drives, both sides with
the same P from independent generators. The key and command handshakes (key_valid_i, cmd_valid_i) are
not stalled.

Each stream (see `make_stream`) mixes: text lengths 0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65 (block and
beat boundaries for N = 1, 2, 4) and a few of several hundred bytes; AAD lengths from 0 up to a few hundred
bytes; IV lengths 1..64 bytes, 12 the most frequent (12 bytes: J0 = IV || 1, the others through GHASH);
every tag length 4, 8, 12..16; encrypt and decrypt interleaved; GMAC-style messages (empty text, with and
without AAD); a key change in the middle and at least one more (the last back to the first key); a decrypt
with a corrupted tag in the middle (FAIL: auth_ok false, no pt) between an encrypt and a valid decrypt,
both of which must pass. What a stream contains is asserted on the vectors themselves before the run, so a
generator bug cannot silently weaken the test; after the run, `check()` must pass every vector, the FAIL
vector must have auth_ok false and no pt, and the key must have been loaded exactly at the key changes.

Default (`make test`, ~1 min warm on one CPU): `test_generator_contents` (no simulator), `test_stream` on Icarus
(N = 2 AES-128 stall 0; N = 1 AES-128 stall 0.5; N = 2 AES-256 stall 0.9; 40-48 messages each) and
`test_stream_verilator` (N = 2 AES-128, the same 48 messages at stall 0 and 0.5; its Verilator build, ~1-2 min
when cold, is the one test_gcm_lanes_vectors' test_ci_subset_n2[verilator] builds anyway). `full`
(`make test-full`, ~4-5 min): 300-message streams, N = 4 / N = 2 stall 0.9 / N = 1 AES-256 on Icarus, N = 2
stall 0.9 on Verilator.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from aesforge.check import check
from aesforge.model.gcm import gcm_decrypt, gcm_encrypt
from aesforge.sim.runner import run_batch
from lanes_variants import variant


BOUNDARY_TEXT = (0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65)
LONG_TEXT = (200, 300, 401, 512, 700)        # "several hundred bytes"; a stream takes LONG_PER_STREAM of them
LONG_PER_STREAM = 3
AAD_LENS = (0, 0, 1, 12, 15, 16, 17, 20, 31, 32, 33, 64, 65, 90, 130, 300)
TAG_LENS = (4, 8, 12, 13, 14, 15, 16)
IV_FIXED = (1, 8, 16, 64)       # non-12 IV lengths every stream has; the other non-12 ones random in 1..64


def _rand(rng: random.Random, n: int) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(n))


def _vector(vid: str, op: str, key: bytes, iv: bytes, aad: bytes, text_len: int, tag_len: int,
            rng: random.Random, corrupt_tag: bool = False) -> dict:
    """One GCM vector with `expect` from the golden model. Decrypt: the ciphertext and tag of a random plaintext
    (encrypted with the model), the tag flipped in one random bit when `corrupt_tag`."""
    pt = _rand(rng, text_len)
    ct, tag = gcm_encrypt(key, iv, aad, pt, tag_len)
    vec = {"id": vid, "op": op, "mode": "gcm", "key": key.hex(), "iv": iv.hex(), "aad": aad.hex(),
           "tag_len": tag_len}
    if op == "encrypt":
        vec["pt"] = pt.hex()
        vec["expect"] = {"ct": ct.hex(), "tag": tag.hex()}
        return vec
    if corrupt_tag:
        bit = rng.randrange(8 * tag_len)
        tag = (int.from_bytes(tag, "big") ^ (1 << bit)).to_bytes(tag_len, "big")
    got = gcm_decrypt(key, iv, aad, ct, tag)
    assert (got is None) == corrupt_tag and (got is None or got == pt)
    vec["ct"], vec["tag"] = ct.hex(), tag.hex()
    vec["expect"] = {"auth_ok": False} if got is None else {"auth_ok": True, "pt": got.hex()}
    return vec


def make_stream(n: int, key_bits: int, seed: int) -> tuple[list[dict], dict]:
    """`n` (>= 40) seeded random back-to-back GCM messages; returns (vectors, plan) where plan names the
    indices of the FAIL vector and the key changes for the checks in `assert_stream`."""
    assert n >= 40
    rng = random.Random(seed)
    kb = key_bits // 8
    keys = [_rand(rng, kb) for _ in range(3)]
    # key segments: A on [0, n/4), B on [n/4, n/2 + 3), C on [n/2 + 3, 3n/4), A again (a reload) on [3n/4, n)
    changes = [n // 4, n // 2 + 3, (3 * n) // 4]
    key_of = []
    seg_keys = [keys[0], keys[1], keys[2], keys[0]]
    for i in range(n):
        key_of.append(seg_keys[sum(i >= c for c in changes)])
    fail_at = n // 2            # in the middle; it and its neighbours under key B, the key changes 2 later

    # text lengths: every boundary length, 0 three more times, LONG_PER_STREAM long ones, the rest random
    texts = list(BOUNDARY_TEXT) + [0, 0, 0] + rng.sample(LONG_TEXT, LONG_PER_STREAM)
    texts += [rng.choice(BOUNDARY_TEXT + (2, 47, 48, 49, 80, 96, 97, 128)) for _ in range(n - len(texts))]
    rng.shuffle(texts)
    # tag lengths: every one, the rest random
    tags = list(TAG_LENS) * (n // len(TAG_LENS)) + [rng.choice(TAG_LENS) for _ in range(n % len(TAG_LENS))]
    rng.shuffle(tags)
    # IV lengths: 12 for ~55 %, the others 1, 8, 16, 64 then random 1..64
    n_other = n - (n * 55) // 100
    ivs = [12] * (n - n_other) + list(IV_FIXED) + [rng.randint(1, 64) for _ in range(n_other - len(IV_FIXED))]
    rng.shuffle(ivs)
    # direction: random, with an encrypt before and a valid decrypt after the FAIL decrypt
    ops = ["encrypt", "decrypt"] * (n // 2) + ["decrypt"] * (n % 2)
    rng.shuffle(ops)
    ops[fail_at - 1], ops[fail_at], ops[fail_at + 1] = "encrypt", "decrypt", "decrypt"
    fixed = (fail_at - 1, fail_at, fail_at + 1)
    if texts[fail_at] < 33:                  # the FAIL decrypt carries >= 3 blocks (its pt must be withheld)
        j = next(j for j in range(n) if texts[j] >= 33 and j not in fixed)
        texts[fail_at], texts[j] = texts[j], texts[fail_at]
    # AAD lengths: with text every one of AAD_LENS, the rest random; with empty text alternately nothing but
    # the IV (no AAD) and GMAC proper (AAD only), in both directions
    zero = [i for i in range(n) if texts[i] == 0]
    with_text = [i for i in range(n) if texts[i]]
    lens = list(AAD_LENS) + [rng.choice(AAD_LENS) for _ in range(len(with_text) - len(AAD_LENS))]
    rng.shuffle(lens)
    aads = [0] * n
    for i, a in zip(with_text, lens):
        aads[i] = a
    for k, i in enumerate(zero):
        aads[i] = 0 if k % 2 == 0 else rng.choice([a for a in AAD_LENS if a])
    free = [i for i in zero if i not in fixed]
    for i, op in zip(free[:2], ("encrypt", "decrypt")):
        ops[i] = op

    vecs = [_vector(f"s{seed}_{i:03d}_{ops[i][:3]}", ops[i], key_of[i], _rand(rng, ivs[i]), _rand(rng, aads[i]),
                    texts[i], tags[i], rng, corrupt_tag=(i == fail_at)) for i in range(n)]
    return vecs, {"fail_at": fail_at, "changes": changes}


def assert_stream(vecs: list[dict], plan: dict, key_bits: int) -> None:
    """What the stream claims to contain, checked on the vectors (not on the generator's intentions)."""
    n = len(vecs)
    fails = [i for i, v in enumerate(vecs) if v["expect"].get("auth_ok") is False]
    assert fails == [plan["fail_at"]], fails
    f = fails[0]
    assert n // 3 <= f <= (2 * n) // 3                                   # in the middle of the stream
    assert "pt" not in vecs[f]["expect"] and len(vecs[f]["ct"]) > 0
    assert vecs[f - 1]["op"] == "encrypt" and vecs[f + 1]["op"] == "decrypt"
    assert vecs[f + 1]["expect"]["auth_ok"] is True and vecs[f - 1]["key"] == vecs[f]["key"] == vecs[f + 1]["key"]
    key_changes = [i for i in range(1, n) if vecs[i]["key"] != vecs[i - 1]["key"]]
    assert key_changes == plan["changes"] and len(key_changes) == 3, key_changes
    assert any(n // 3 <= i <= (2 * n) // 3 for i in key_changes)        # one in the middle
    assert vecs[-1]["key"] == vecs[0]["key"]                             # back to an earlier key: reloaded
    assert {len(v["key"]) * 4 for v in vecs} == {key_bits}
    text_len = [len(v["pt" if v["op"] == "encrypt" else "ct"]) // 2 for v in vecs]
    assert set(BOUNDARY_TEXT) <= set(text_len)
    assert sum(t >= 200 for t in text_len) >= LONG_PER_STREAM
    zero_text = [i for i in range(n) if text_len[i] == 0]
    assert len(zero_text) >= 4
    assert sum(bool(vecs[i]["aad"]) for i in zero_text) >= 2             # GMAC: AAD only
    assert sum(not vecs[i]["aad"] for i in zero_text) >= 2               # nothing but the IV
    assert {vecs[i]["op"] for i in zero_text} == {"encrypt", "decrypt"}
    aad_len = [len(v["aad"]) // 2 for v in vecs]
    assert any(a == 0 and t > 0 for a, t in zip(aad_len, text_len))      # text without AAD
    assert max(aad_len) >= 256 and any(a % 16 for a in aad_len) and any(a and a % 16 == 0 for a in aad_len)
    iv_len = Counter(len(v["iv"]) // 2 for v in vecs)
    assert iv_len.most_common(1)[0][0] == 12 and {1, 64} <= set(iv_len) and min(iv_len) >= 1 and max(iv_len) <= 64
    assert len(set(iv_len) - {12}) >= 4
    assert {v["tag_len"] for v in vecs} == set(TAG_LENS)
    ops = [v["op"] for v in vecs]
    assert ops.count("encrypt") >= n // 4 and ops.count("decrypt") >= n // 4
    assert sum(a != b for a, b in zip(ops, ops[1:])) >= n // 4          # interleaved, not two blocks
    assert len({v["id"] for v in vecs}) == n


def input_beats(vecs: list[dict], n: int) -> int:
    """Input beats of N blocks the bench drives for `vecs`: IV, AAD, text (each segment from a new beat), tag."""
    def beats(h: str) -> int:
        return -(-(len(h) // 2) // (16 * n))
    return sum(beats(v["iv"]) + beats(v["aad"]) + beats(v["pt"] if v["op"] == "encrypt" else v["ct"])
               + (v["op"] == "decrypt") for v in vecs)


def overlapped(vecs: list[dict]) -> list[dict]:
    """The same vectors marked as one bench stream: consecutive messages under one key overlap inside the core
    (commands queued ahead, beats back to back, outputs and done_o collected in order by concurrent monitors)."""
    return [{**v, "stream": "s"} for v in vecs]


def _run_stream(core_name: str, vecs: list[dict], **kw) -> list[dict]:
    res = run_batch(core_name, vecs, jobs=1, progress=False, **kw)
    rep = check(vecs, res)
    assert rep.failed == 0, rep.failures[:5]
    assert rep.passed == len(vecs)
    by_id = {r["id"]: r for r in res}
    f = next(i for i, v in enumerate(vecs) if v["expect"].get("auth_ok") is False)
    assert by_id[vecs[f]["id"]]["auth_ok"] is False and "pt" not in by_id[vecs[f]["id"]]
    assert "tag" in by_id[vecs[f - 1]["id"]] and by_id[vecs[f + 1]["id"]]["auth_ok"] is True
    # key reloads exactly at the key changes (and the first vector): nothing reloaded in between
    loads = [i for i, v in enumerate(vecs) if by_id[v["id"]]["key_cycles"] > 0]
    assert loads == [0] + [i for i in range(1, len(vecs)) if vecs[i]["key"] != vecs[i - 1]["key"]], loads
    # a reload after traffic costs what the first load did (key handshakes are not stalled)
    assert len({by_id[vecs[i]["id"]]["key_cycles"] for i in loads}) == 1, [by_id[vecs[i]["id"]] for i in loads]
    return res


def test_generator_contents():
    """The stream generator itself (no simulator): deterministic per seed, every claimed feature present for
    several seeds and sizes, expects agree with the model."""
    for seed, n, kb in ((1, 40, 128), (2, 48, 256), (3, 60, 192), (4, 300, 128)):
        vecs, plan = make_stream(n, kb, seed)
        assert_stream(vecs, plan, kb)
        assert make_stream(n, kb, seed)[0] == vecs
    assert make_stream(48, 128, 5)[0] != make_stream(48, 128, 6)[0]


# (registry name factory, key bits, simulator, stall on both sides, messages, seed, overlapped; id). The registered
# core has IV_IN_CMD 1 (a 12-byte IV in the command) and a 16-message queue; IV_IN_CMD 0 takes every IV in beats.
DEFAULT = [
    # the registered core: N = 2, AES-128, both lanes block-ROM S-boxes; full speed, messages overlapping
    # (make test-full: 33 s; make test streams N = 1 below, and the N = 2 CAVP subset and protocol suite elsewhere)
    pytest.param(lambda: "gcm_lanes", 128, "icarus", 0.0, 48, 11, True, id="n2-aes128-icarus-stall0-overlap",
                 marks=pytest.mark.full),
    # N = 1 (same parameters as test_gcm_lanes_vectors' N = 1 build), IVs in beats, half the cycles idle /
    # back-pressured, overlapping
    pytest.param(lambda: variant(128, N=1, PIPE_MASK=2, GH_ORDER=2, GH_PIPE_MASK=1, GH_IN_MASK=0, IV_IN_CMD=0), 128,
                 "icarus", 0.5, 48, 12, True, id="n1-aes128-ivbeats-icarus-stall0.5-overlap"),
]

FULL = [
    # AES-256, N = 2, LUT S-boxes (as test_gcm_lanes_vectors' AES-256 build), 90 % stalls on both sides, one
    # message at a time (in `make test-full` since the FuseSoC lint tests joined `make test`, which stays under
    # 20 minutes; `make test` keeps the 50 % stall streams: the N = 1 one above and test_stream_verilator)
    pytest.param(lambda: variant(256, N=2, SBOX_IMPL=0, PIPE_MASK=0, GH_OUT_REG=0), 256, "icarus", 0.9, 40, 13, False,
                 id="n2-aes256-icarus-stall0.9-serial"),
    pytest.param(lambda: variant(128, N=4, KS_LOG2=4), 128, "icarus", 0.5, 300, 21, True,
                 id="n4-aes128-icarus-stall0.5-overlap"),
    pytest.param(lambda: "gcm_lanes", 128, "icarus", 0.9, 300, 22, True, id="n2-aes128-icarus-stall0.9-overlap"),
    pytest.param(lambda: variant(256, N=1, PIPE_MASK=2, GH_ORDER=2, GH_PIPE_MASK=1, GH_IN_MASK=0), 256, "icarus", 0.0,
                 300, 23, False, id="n1-aes256-icarus-stall0-serial"),
    pytest.param(lambda: variant(128, N=2, IV_IN_CMD=0, CQ_LOG2=1), 128, "icarus", 0.3, 300, 25, True,
                 id="n2-aes128-ivbeats-q2-icarus-stall0.3-overlap"),
    pytest.param(lambda: "gcm_lanes", 128, "verilator", 0.9, 300, 24, True, id="n2-aes128-verilator-stall0.9-overlap"),
]


@pytest.mark.parametrize("core,key_bits,sim,stall,n,seed,ov", DEFAULT)
def test_stream(core, key_bits, sim, stall, n, seed, ov):
    vecs, plan = make_stream(n, key_bits, seed)
    assert_stream(vecs, plan, key_bits)
    _run_stream(core(), overlapped(vecs) if ov else vecs, sim=sim, stall=stall, seed=seed)


@pytest.mark.full   # make test time (moved when the registered N = 2 had a Boyar-Peralta lane 1, issue 19 round 8, which simulates about twice as slowly); the Icarus streams stay in make test
def test_stream_verilator():
    """The registered core (N = 2, AES-128) on Verilator (the build test_gcm_lanes_vectors'
    test_ci_subset_n2[verilator] uses): the same stream at full speed and with stalls 0.5, both checked; the
    stalls must really cost cycles (proof that the bench applied them)."""
    vecs, plan = make_stream(48, 128, 14)
    assert_stream(vecs, plan, 128)
    vecs = overlapped(vecs)
    fast = _run_stream("gcm_lanes", vecs, sim="verilator", stall=0.0, seed=14)
    slow = _run_stream("gcm_lanes", vecs, sim="verilator", stall=0.5, seed=14)
    c_fast, c_slow = (r[-1]["done_cycle"] - r[0]["start_cycle"] for r in (fast, slow))
    # P = 0.5 idles ~1 cycle before each input beat (plus out_ready_i drops); with the messages overlapping the
    # input beats set the pace, so most of it shows in the stream's span
    assert c_slow - c_fast >= input_beats(vecs, 2) // 3, (c_fast, c_slow, input_beats(vecs, 2))


@pytest.mark.full
@pytest.mark.parametrize("core,key_bits,sim,stall,n,seed,ov", FULL)
def test_stream_long(core, key_bits, sim, stall, n, seed, ov):
    vecs, plan = make_stream(n, key_bits, seed)
    assert_stream(vecs, plan, key_bits)
    _run_stream(core(), overlapped(vecs) if ov else vecs, sim=sim, stall=stall, seed=seed)
