#!/usr/bin/env bash
# Whole-process time and peak memory of `isa disasm`, `isa decode --json`,
# `isa decode` (text tables) and `isa asm` for every ISA, on inputs tiled
# from the corpus to each size (issue 25, "Streaming everywhere").
#
#   xtask/scripts/stream-bench.sh [ISA_BINARY] [SIZES] [ONLY]
#     ISA_BINARY  default: target/release/isa (built first when it is the default)
#     SIZES       decimal byte sizes, comma-separated; default 1000000,100000000
#     ONLY        a regex over "isa command" names (default: all)
#   CORPUS=/path/to/corpus  (default ../shared/corpus beside the repository)
#   LIMIT_KB=N  address-space limit per command (ulimit -v; default 8000000,
#               so that a command that does not stream fails instead of
#               eating the machine)
#
# Inputs go to target/stream-bench/ and are reused. Binaries: corpus
# instruction words repeated (PICA: the code words of a .shbin, so `--raw`:
# a .shbin holds at most 513 instructions; AGAL: the header, then tokens;
# Lima PP: one program, tiled as /work/shared/peers/tile_pp.py does; Lima
# GP: words). Texts: `isa disasm` of a binary tiled to the size whose text
# is the wanted size. Prints one row per command and size: input bytes,
# wall seconds, peak RSS (MiB, from /usr/bin/time -v), the budget (input
# + 64 MiB) and whether it is met. Outputs go to /dev/null (asm: -o to a
# file in the work directory, removed after).
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
isa="${1:-}"
if [ -z "$isa" ]; then
    (cd "$root" && cargo build --release -q -p isa-cli) || exit 1
    isa="$root/target/release/isa"
fi
sizes="${2:-1000000,100000000}"
only="${3:-.}"
corpus="${CORPUS:-$root/../shared/corpus}"
[ -d "$corpus" ] || corpus=/work/shared/corpus
limit="${LIMIT_KB:-8000000}"
work="$root/target/stream-bench"
mkdir -p "$work"

# tile KIND SRC DST BYTES: a binary of about BYTES bytes.
tile() {
    python3 - "$@" <<'PY'
import struct, sys
kind, src, dst, target = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
data = open(src, 'rb').read()
if kind == 'pica':           # the code words of a .shbin, raw
    n = struct.unpack_from('<I', data, 4)[0]
    dvlp = 8 + 4 * n
    at = dvlp + struct.unpack_from('<I', data, dvlp + 8)[0]
    size = struct.unpack_from('<I', data, dvlp + 12)[0]
    unit = data[at:at + 4 * size]
    out = unit * max(1, target // len(unit))
elif kind == 'agal':         # header, then the tokens repeated
    unit = data[7:]
    out = data[:7] + unit * max(1, (target - 7) // len(unit))
elif kind == 'lima-gp':
    out = data * max(1, target // len(data))
elif kind == 'lima-pp':      # one program (tile_pp.py)
    words = list(struct.unpack('<%dI' % (len(data) // 4), data))
    instrs, i = [], 0
    while i < len(words) and words[i] & 0x1f:
        k = words[i] & 0x1f
        instrs.append(words[i:i + k]); i += k
    per = sum(len(x) for x in instrs) * 4
    seq = [list(x) for _ in range(max(1, target // per)) for x in instrs]
    for k, ins in enumerate(seq):
        w = ins[0] & ~(1 << 5) & ~(0x3f << 19) & ~(1 << 25)
        if k == len(seq) - 1:
            w |= 1 << 5
        else:
            w |= (seq[k + 1][0] & 0x1f) << 19 | 1 << 25
        ins[0] = w
    out = b''.join(struct.pack('<%dI' % len(x), *x) for x in seq)
open(dst, 'wb').write(out)
PY
}

declare -A src=(
    [pica]="$corpus/pica/shbin/3ds-examples__graphics_gpu_normal_mapping__vshader.shbin"
    [agal]="$corpus/agal/bin/fractal_fragment.bin"
    [lima-pp]="$corpus/lima/memtester_cube_fragment_limacompiler.pp.bin"
    [lima-gp]="$corpus/lima/memtester_cube_vertex_blob.gp.bin"
)
raw() { [ "$1" = pica ] && echo --raw; }
asm_opts() {
    case "$1" in
        pica) echo --raw ;;
        agal) echo --type fragment --version 1 --ignore-limits ;;
    esac
}

# inputs ISA BYTES: $work/ISA-BYTES.bin and $work/ISA-BYTES.txt
inputs() {
    local i=$1 n=$2 bin="$work/$1-$2.bin" txt="$work/$1-$2.txt"
    [ -s "$bin" ] || tile "$i" "${src[$i]}" "$bin" "$n"
    if [ ! -s "$txt" ]; then
        # bytes of text per byte of binary, from a small tiling
        tile "$i" "${src[$i]}" "$work/probe.bin" 100000
        local pb pt
        pb=$(stat -c %s "$work/probe.bin")
        pt=$("$isa" disasm "$i" $(raw "$i") "$work/probe.bin" | wc -c)
        tile "$i" "${src[$i]}" "$work/probe.bin" $((n * pb / pt))
        "$isa" disasm "$i" $(raw "$i") "$work/probe.bin" >"$txt"
        rm -f "$work/probe.bin"
    fi
}

# measure LABEL INPUT CMD…: one row.
measure() {
    local label=$1 input=$2; shift 2
    local bytes log rc
    bytes=$(stat -c %s "$input")
    log="$work/time.log"
    (ulimit -v "$limit"; /usr/bin/time -v -o "$log" "$@" >/dev/null 2>"$work/err.log")
    local wall rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log")
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
    rc=$(awk -F': ' '/Exit status/ {print $2}' "$log")
    if grep -q 'terminated by signal' "$log"; then
        rc="signal $(sed -n 's/.*terminated by signal //p' "$log")"
    fi
    python3 - "$label" "$bytes" "$wall" "$rss" "$rc" <<'PY'
import sys
label, n, wall, rss, rc = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4] or 0), sys.argv[5]
parts = [float(p) for p in wall.split(':')]
secs = sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
mib = rss / 1024
budget = n / 2**20 + 64
ok = 'met' if mib <= budget else 'missed'
status = '' if rc == '0' else (f' (killed by {rc})' if rc.startswith('signal') else f' (exit {rc})')
print(f'| {label} | {n} | {secs:.2f} s | {mib:.1f} | {budget:.1f} | {ok}{status} |', flush=True)
PY
    rm -f "$work/out.bin"
}

echo "| command | input bytes | wall | peak RSS MiB | input + 64 MiB | goal |"
echo "| --- | --- | --- | --- | --- | --- |"
IFS=, read -ra ns <<<"$sizes"
for n in "${ns[@]}"; do
    for i in pica agal lima-pp lima-gp; do
        inputs "$i" "$n"
        bin="$work/$i-$n.bin"
        txt="$work/$i-$n.txt"
        r=$(raw "$i")
        for c in disasm decode-json decode asm; do
            echo "$i $c" | grep -qE "$only" || continue
            case $c in
                disasm) measure "\`isa disasm $i${r:+ $r}\`" "$bin" "$isa" disasm "$i" $r "$bin" ;;
                decode-json) measure "\`isa decode $i${r:+ $r} --json\`" "$bin" "$isa" decode "$i" $r --json "$bin" ;;
                decode) measure "\`isa decode $i${r:+ $r}\`" "$bin" "$isa" decode "$i" $r "$bin" ;;
                asm) o=$(asm_opts "$i"); measure "\`isa asm $i${o:+ $o}\`" "$txt" "$isa" asm "$i" $(asm_opts "$i") "$txt" -o "$work/out.bin" ;;
            esac
        done
    done
done
