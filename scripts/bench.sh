#!/bin/sh
# Reproduces the README's benchmark figures: release build, the stripped size of the static
# (--static-swift-stdlib) release binary, then `panel bench` (pass --json, --repeat N, --config FILE).
#
# RUNS=N (default 1) runs `panel bench --json` N times back to back and prints each figure's
# median [min-max] over the runs as a markdown table; every run's JSON stays in $BENCH_OUT
# (default a fresh /tmp/panel-bench.XXXXXX). LVGL=PATH (the LVGL anchor's lvgl_scene binary,
# see ../shared/anchors/lvgl) runs it between panel's runs (panel, LVGL demo, LVGL dense,
# panel, …) so both are measured under the same load, and adds its ratios to the table.
# Timings on a shared machine are noisy: each run records the load average it ran under.
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build -c release
swift build -c release --static-swift-stdlib --scratch-path .build/static --product panel
strip -o .build/static/panel-stripped .build/static/release/panel
runs="${RUNS:-1}"
if [ "$runs" -le 1 ] && [ -z "${LVGL:-}" ]; then
    exec .build/release/panel bench --static-binary .build/static/panel-stripped "$@"
fi

out="${BENCH_OUT:-$(mktemp -d /tmp/panel-bench.XXXXXX)}"
mkdir -p "$out"
i=1
while [ "$i" -le "$runs" ]; do
    echo "bench: run $i of $runs (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
    .build/release/panel bench --json --static-binary .build/static/panel-stripped "$@" > "$out/panel-$i.json"
    if [ -n "${LVGL:-}" ]; then
        "$LVGL" --repeat 200 1920x1080 > "$out/lvgl-demo-$i.json"
        "$LVGL" --repeat 200 --dense 1920x1080 > "$out/lvgl-dense-$i.json"
    fi
    i=$((i + 1))
done
echo "bench: JSON of every run in $out" >&2
exec python3 - "$out" <<'EOF'
import glob, json, statistics, sys

folder = sys.argv[1]

def load(pattern):
    return [json.load(open(path)) for path in sorted(glob.glob(f"{folder}/{pattern}"), key=lambda p: int(p.rsplit("-", 1)[1][:-5]))]

panel, lvgl_demo, lvgl_dense = load("panel-*.json"), load("lvgl-demo-*.json"), load("lvgl-dense-*.json")

def scene(report, name, size="1920x1080"):
    return next((s for s in report["scenes"] if s.get("scene") == name and s["resolution"] == size), None)

def startup(report, name):
    return next((s for s in report.get("startup", []) if s["scene"] == name), None)

rows = []
def add(label, values, digits=3):
    values = [v for v in values if isinstance(v, (int, float))]
    if values:
        rows.append((label, f"{statistics.median(values):.{digits}f} [{min(values):.{digits}f}-{max(values):.{digits}f}]"))

for name in ("demo", "dense"):
    # The third: after the copy, right after a value changed (no row replayed from its stores).
    for state, words in (("after_scanout", "after the scanout copy"), ("cold", "cold"),
                         ("after_change", "after the copy, right after a value changed")):
        add(f"{name} 1920x1080 render ms, {words}", [scene(r, name).get(f"render_{state}_ms") for r in panel if scene(r, name)])
        add(f"{name} 1920x1080 frame memset ms, {words}", [scene(r, name).get(f"frame_memset_{state}_ms") for r in panel if scene(r, name)])
        add(f"{name} 1920x1080 render / frame memset, {words}",
            [scene(r, name).get(f"render_over_frame_memset_{state}") for r in panel if scene(r, name)], 2)
    add(f"{name} 1920x1080 cold render / cairo", [scene(r, name)["render_cold_over_cairo"] for r in panel if scene(r, name)], 2)
# LVGL's harness times its memset on another buffer just left in cache by a memcpy (panel's old method).
add("LVGL demo 1920x1080 / memset (its own loop, warm)", [r["scenes"][0]["render_over_memset"] for r in lvgl_demo], 2)
add("LVGL dense 1920x1080 / memset (its own loop, warm)", [r["scenes"][0]["render_over_memset"] for r in lvgl_dense], 2)
add("LVGL demo 1920x1080 render ms", [r["scenes"][0]["render_ms"] for r in lvgl_demo])
add("LVGL dense 1920x1080 render ms", [r["scenes"][0]["render_ms"] for r in lvgl_dense])
add("scroll frame ms (dense, 7 px)", [r["scroll"]["scroll_frame_ms"] for r in panel if "scroll" in r], 4)
add("scroll frame / memset", [r["scroll"]["scroll_over_memset"] for r in panel if "scroll" in r], 2)
add("viewport repainted instead / memset", [r["scroll"]["full_repaint_over_memset"] for r in panel if "scroll" in r], 2)
add("scroll: DRM back-buffer copy ms", [r["scroll"]["scanout_copy_ms"] for r in panel if "scroll" in r], 4)
add("toggle touch-up frame ms", [r["toggle"]["touch_up_ms"] for r in panel if "toggle" in r], 4)
add("toggle first visible frame ms", [r["toggle"]["first_visible_ms"] for r in panel if "toggle" in r], 4)
add("toggle animation total ms", [r["toggle"]["animation_total_ms"] for r in panel if "toggle" in r], 3)
add("largest animation frame ms (any animation)",
    [max([r["toggle"]["largest_frame_ms"]] + [a["largest_frame_ms"] for a in r["toggle"]["animations"]]) for r in panel if "toggle" in r], 4)
add("toggle without animation ms", [r["toggle"]["instant_ms"] for r in panel if "toggle" in r], 4)
add("LVGL toggle ms (transitions off)", [r["scenes"][0]["toggle_ms"] for r in lvgl_demo], 4)
add("touch to present p50 ms", [r["touch_to_present_ms"]["p50"] for r in panel if "touch_to_present_ms" in r], 4)
add("touch to present p99 ms", [r["touch_to_present_ms"]["p99"] for r in panel if "touch_to_present_ms" in r], 4)
for name in ("demo", "dense"):
    add(f"peak RSS {name} 1920x1080 MB", [startup(r, name)["peak_rss_mb"] for r in panel if startup(r, name)], 1)
add("start-up to first frame ms", [r["first_frame_ms"] for r in panel if "first_frame_ms" in r], 1)

print(f"{len(panel)} runs; {panel[0]['machine'] if panel else ''}; loads " + ", ".join(r["machine"].rsplit("load average ", 1)[-1] for r in panel))
print()
print("| figure | median [min-max] |")
print("|---|---|")
for label, value in rows:
    print(f"| {label} | {value} |")
EOF
