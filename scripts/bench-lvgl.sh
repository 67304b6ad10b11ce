#!/bin/sh
# panel and LVGL 9.5.0 side by side on the same machine, in the same rounds: builds panel (release)
# and the LVGL anchor's harness (lvgl_scene.c in $PANEL_SHARED_DIR/anchors/lvgl, which draws panel's
# demo scene and, with --dense, the dense scene's first screen), then runs ROUNDS rounds (default 5)
# of A B A B: `panel bench --frames-only --json` (demo and dense at 1920x1080, each frame timed
# against a memset of its frame in the same cache state, and peak RSS of `panel run`), then lvgl_scene on the
# demo and on the dense scene at 1920x1080 (its own loop's ratio to a warm memset of another buffer, and its peak RSS).
# Prints each figure's median [min-max] over the rounds, with the load average of each round.
#
#   LVGL_SRC=DIR scripts/bench-lvgl.sh     # DIR: LVGL at v9.5.0, the folder with lvgl.h and src/
#
# Environment: LVGL_SRC (default $PANEL_SHARED_DIR/lvgl, then ../shared/lvgl), PANEL_SHARED_DIR
# (default ../shared beside the repository), ROUNDS, REPEAT (frames per figure, default 200),
# OPT (LVGL's compiler flags, default -O2), BENCH_OUT (folder for every round's JSON).
# Without LVGL's source or the harness it says so and exits 0: nothing is downloaded.
set -eu
cd "$(dirname "$0")/.."
shared="${PANEL_SHARED_DIR:-$(cd .. && pwd)/shared}"
harness="$shared/anchors/lvgl"
lvgl="${LVGL_SRC:-}"
if [ -z "$lvgl" ]; then
    for candidate in "$shared/lvgl" "$(cd .. && pwd)/lvgl-src"; do
        if [ -f "$candidate/lvgl.h" ]; then lvgl="$candidate"; break; fi
    done
fi
if [ -z "$lvgl" ] || [ ! -f "$lvgl/lvgl.h" ] || [ ! -d "$lvgl/src" ]; then
    echo "bench-lvgl: skipped: no LVGL source (set LVGL_SRC to LVGL v9.5.0's folder with lvgl.h and src/)" >&2
    exit 0
fi
if [ ! -f "$harness/build.sh" ] || [ ! -f "$harness/lvgl_scene.c" ]; then
    echo "bench-lvgl: skipped: no LVGL harness in $harness (set PANEL_SHARED_DIR)" >&2
    exit 0
fi
rounds="${ROUNDS:-5}"
repeat="${REPEAT:-200}"
opt="${OPT:--O2}"
tag=$(printf '%s' "$opt" | tr -c 'A-Za-z0-9' '_')
build=".build/lvgl"

scripts/deps.sh
swift build -c release
OPT="$opt" sh "$harness/build.sh" "$lvgl" "$build" >/dev/null
scene="$build/lvgl_scene$tag"

out="${BENCH_OUT:-$(mktemp -d /tmp/panel-bench-lvgl.XXXXXX)}"
mkdir -p "$out"
i=1
while [ "$i" -le "$rounds" ]; do
    echo "bench-lvgl: round $i of $rounds (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
    .build/release/panel bench --frames-only --json --repeat "$repeat" > "$out/panel-$i.json"
    "$scene" --repeat "$repeat" 1920x1080 > "$out/lvgl-demo-$i.json"
    "$scene" --repeat "$repeat" --dense 1920x1080 > "$out/lvgl-dense-$i.json"
    i=$((i + 1))
done
echo "bench-lvgl: JSON of every round in $out" >&2
exec python3 - "$out" "$opt" <<'EOF'
import glob, json, statistics, sys

folder, opt = sys.argv[1], sys.argv[2]

def load(prefix):
    paths = sorted(glob.glob(f"{folder}/{prefix}-*.json"), key=lambda p: int(p.rsplit("-", 1)[1][:-5]))
    return [json.load(open(p)) for p in paths]

panel, lvgl_demo, lvgl_dense = load("panel"), load("lvgl-demo"), load("lvgl-dense")

def scene(report, name):
    return next(s for s in report["scenes"] if s["scene"] == name and s["resolution"] == "1920x1080")

def startup(report, name):
    return next(s for s in report["startup"] if s["scene"] == name)

def spread(values, digits):
    return f"{statistics.median(values):.{digits}f} [{min(values):.{digits}f}-{max(values):.{digits}f}]"

rows = []
for name, lvgl in (("demo", lvgl_demo), ("dense", lvgl_dense)):
    # LVGL's harness times its memset on another buffer a memcpy just left in cache (panel's old
    # method); panel's ratios are against a memset of its frame in the render's cache state.
    rows.append((f"{name} 1920x1080 render ms", spread([scene(r, name)["render_after_scanout_ms"] for r in panel], 3)
                 + " after the scanout copy, " + spread([scene(r, name)["render_cold_ms"] for r in panel], 3) + " cold",
                 spread([r["scenes"][0]["render_ms"] for r in lvgl], 3)))
    rows.append((f"{name} memset ms", spread([scene(r, name)["frame_memset_after_scanout_ms"] for r in panel], 3)
                 + " frame after the scanout copy, " + spread([scene(r, name)["frame_memset_cold_ms"] for r in panel], 3) + " cold",
                 spread([r["scenes"][0]["memset_ms"] for r in lvgl], 3) + " another buffer, warm"))
    rows.append((f"{name} render / memset", spread([scene(r, name)["render_over_frame_memset_after_scanout"] for r in panel], 2)
                 + " after the scanout copy, " + spread([scene(r, name)["render_over_frame_memset_cold"] for r in panel], 2) + " cold",
                 spread([r["scenes"][0]["render_over_memset"] for r in lvgl], 2) + " (warm memset)"))
    rows.append((f"{name} peak RSS MB", spread([startup(r, name)["peak_rss_mb"] for r in panel], 1),
                 spread([r["scenes"][0]["peak_rss_scene_kb"] * 1024 / 1e6 for r in lvgl], 1)))
print(f"{len(panel)} rounds (A B A B), 1920x1080; {panel[0]['machine']}; LVGL {lvgl_demo[0]['lvgl_version']} {opt}")
print("loads: " + ", ".join(r["machine"].rsplit("load average ", 1)[-1] for r in panel))
print()
print("| figure | panel | LVGL |")
print("|---|---|---|")
for label, a, b in rows:
    print(f"| {label} | {a} | {b} |")
EOF
