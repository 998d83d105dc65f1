#!/usr/bin/env bash
# Cold-build time of a small consumer that decodes one PICA word:
#   all  - depending on the all-ISA `isa-specs` crate of an older commit
#          (default be74700, before the split into one crate per ISA);
#   pica - depending on `isa-pica` alone, default features off (this tree).
# Each build starts from an empty target directory (dependencies included);
# the two alternate, RUNS times each, and the medians are printed.
#   xtask/scripts/consumer-build-time.sh [OLD_COMMIT] [RUNS]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
old="${1:-be74700}"
runs="${2:-3}"
work="$root/target/consumer-build-time"
rm -rf "$work"
mkdir -p "$work"
git -C "$root" worktree add --detach "$work/old" "$old" >/dev/null
trap 'git -C "$root" worktree remove --force "$work/old"' EXIT

consumer() { # name, dependency line, crate path
    mkdir -p "$work/$1/src"
    printf '[package]\nname = "consumer-%s"\nversion = "0.1.0"\nedition = "2021"\n[dependencies]\n%s\n[workspace]\n' "$1" "$2" >"$work/$1/Cargo.toml"
    printf 'pub fn mnemonic(word: u32) -> Option<&'"'"'static str> {\n    %s::Instruction::decode(word).ok()?.opcode().map(|op| op.mnemonic)\n}\n' "$3" >"$work/$1/src/lib.rs"
    (cd "$work/$1" && cargo generate-lockfile --offline -q)
}
consumer all "isa-specs = { path = \"$work/old/isa-specs\" }" isa_specs::pica
consumer pica "isa-pica = { path = \"$root/isa-specs/pica\", default-features = false }" isa_pica

declare -A times
for i in $(seq "$runs"); do
    for c in all pica; do
        rm -rf "$work/target-$c"
        start=$(date +%s.%N)
        cargo build --offline -q --manifest-path "$work/$c/Cargo.toml" --target-dir "$work/target-$c"
        end=$(date +%s.%N)
        t=$(echo "$end - $start" | bc)
        times[$c]="${times[$c]:-} $t"
        echo "run $i: $c ${t} s"
    done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
m_all=$(echo "${times[all]}" | median)
m_pica=$(echo "${times[pica]}" | median)
echo "median: all-ISA consumer ($old) ${m_all} s, PICA-only consumer ${m_pica} s, ratio $(echo "scale=3; $m_pica / $m_all" | bc)"
