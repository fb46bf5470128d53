#!/usr/bin/env bash
# Times `book site` (release build) on a synthetic book shaped like the real one (Scripts/synthetic_book.py):
# 21 chapters and about 580 KB of Markdown with many Swift listings, a long one in every chapter, and a dozen
# Mermaid diagrams; side by side with Hugo and bare cmark-gfm on the same chapters, in one run:
#
#   cold          an empty output folder and no caches (`book site --full --no-cache`; for Hugo, no cache)
#   no change     the same chapters again, into the site just written
#   one edit      a sentence added to one chapter, then rendered (for `book`, incrementally: only the pages
#                 the edit can change are rendered; see ARCHITECTURE.md, "Incremental site builds")
#
# For `book` it also prints a cold render into an empty folder with the highlight cache warm, and the
# forced full render (--full) when nothing changed. Hugo renders the chapters with a minimal layout and
# its built-in highlighting (Chroma; the diagrams stay code blocks); bare cmark-gfm converts the chapters to
# HTML with no highlighting and no site around it, once as one process for all chapters (the figure the
# goal is measured against) and once as one process per chapter (its "one edit" converts only that chapter).
# A cold run's output folder and caches are set aside (renamed) rather than deleted, and everything set aside
# goes when the script ends. On ext4 without a journal (this machine's disk), creating a file steps over every
# inode freed in the last 60 seconds, or 300 while its inode table is not yet written back (`recently_deleted`
# in the kernel's fs/ext4/ialloc.c, https://github.com/torvalds/linux/blob/master/fs/ext4/ialloc.c), which put
# 30 to 600 ms of CPU into `book`'s write stage alone after thousands of deletions; set aside, every cold run
# writes into an empty folder. Hugo and cmark-gfm get the same treatment. Before measuring, the script
# writes everything back (`sync`) and waits BENCHMARK_SETTLE seconds (300 by default: 65 s after an earlier run's deletions were not
# enough, ARCHITECTURE.md "Where the time goes") for earlier deletions.
# Each figure is the median (and minimum) of RUNS runs; the machine may be busy, so medians are what count.
# Prints whether the goals are met: a cold render at most 1/3 of Hugo's and at most 10x bare cmark-gfm's
# (one process), and one chapter edited re-rendered in at most 60 ms. Last, it starts `book serve` (the
# release build of book-serve) on the same chapters, on 127.0.0.1 and a free port, and times RUNS edits of
# one chapter's prose from the file written to an open page's reload poll answered
# (Scripts/serve_reload_latency.py); the goal is at most 150 ms.
# The books and sites go in a new folder under BENCHMARK_DIR (default: $TMPDIR or /tmp); BENCHMARK_DIR=/dev/shm
# measures every tool on tmpfs, where creating a file costs no inode search on disk.
# Usage: Scripts/benchmark-site.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-7}"
work="$(mktemp -d -p "${BENCHMARK_DIR:-${TMPDIR:-/tmp}}")"
serve_pid=""
# The preview server, when it runs, is stopped by its process id (bounded), before the folder goes.
stop_serve() {
  [ -n "$serve_pid" ] || return 0
  kill -INT "$serve_pid" 2>/dev/null || true
  for _ in $(seq 50); do kill -0 "$serve_pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$serve_pid" 2>/dev/null || true
  serve_pid=""
}
trap 'stop_serve; rm -rf "$work"' EXIT
chapters="$work/chapters"
site="$work/site"

# The benchmark's own setup: Hugo and cmark-gfm from Debian (not part of Scripts/setup.sh).
missing=()
command -v hugo >/dev/null || missing+=(hugo)
command -v cmark-gfm >/dev/null || missing+=(cmark-gfm)
# The release build links the Swift runtime into the programs (below); book-serve's FlyingFox pulls in
# FoundationNetworking, which then links libcurl by its development library's name.
if [ "$(uname -s)" = Linux ] && ! pkg-config --exists libcurl 2>/dev/null; then missing+=(libcurl4-openssl-dev); fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "benchmark: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

python3 Scripts/synthetic_book.py "$chapters" 21 27000 12
# Let earlier deletions age out of the file system's "recently deleted" window (above).
sync
sleep "${BENCHMARK_SETTLE:-300}"
# The tool as it is best built for speed: optimized, and on Linux with the Swift runtime and Foundation linked
# into each program (`--static-swift-stdlib`), so that a start does not load and bind two dozen shared
# libraries: `book --help` takes about 7 ms instead of 13 (ARCHITECTURE.md, "Where the time goes").
# Both programs in one build: SwiftPM builds every module again when the flags change.
release_flags=(-c release)
[ "$(uname -s)" = Linux ] && release_flags+=(--static-swift-stdlib)
echo "benchmark: building the book tool (${release_flags[*]})"
swift build "${release_flags[@]}" --package-path Scripts/BookTool >/dev/null
book=Scripts/BookTool/.build/release/book
serve=Scripts/BookTool/.build/release/book-serve
cache="$work/.build/book-site-cache"  # the input workspace is $work: the chapters folder's parent (highlights, diagrams, page memos)
edited_chapter="chapter-10.md"

# Wall time of one command in milliseconds, with one decimal. When cpu_log names a file, the command's CPU
# time (user + system, children included, in ms) is appended to it: the machine is shared, so wall times
# are noisy and CPU times say more about the tool itself.
milliseconds() {
  local start end times
  start=$(date +%s%N)
  times="$( { TIMEFORMAT='%3U %3S'; time "$@" >/dev/null; } 2>&1 )"
  end=$(date +%s%N)
  if [ -n "${cpu_log:-}" ]; then
    awk -v t="$times" 'BEGIN { split(t, a, " "); printf "%.1f\n", (a[1] + a[2]) * 1000 }' >>"$cpu_log"
  fi
  echo "$(( (end - start) / 100000 ))" | sed -E 's/([0-9])$/.\1/; s/^\./0./'
}

# The median of the timings on standard input.
median() {
  sort -g | awk '{ t[NR] = $1 } END { printf "%.1f", (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'
}

# Prints "name: min X ms, median Y ms (N runs)" from the timings on standard input, and keeps the median
# in the file results/KEY for the table and the goals.
summarize() {
  local timings
  timings="$(cat)"
  printf '%s\n' "$timings" | median >"$work/results/$2"
  printf '%s\n' "$timings" | sort -g | awk -v name="$1" '{ t[NR] = $1 } END {
    median = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
    printf "%-40s min %7.1f ms   median %7.1f ms   (%d runs)\n", name ":", t[1], median, NR }'
}
mkdir -p "$work/results"

# Moves each existing path into a new folder of $work/aside (deleted with $work at the end).
aside="$work/aside"
mkdir -p "$aside"
set_aside() {
  local path
  for path in "$@"; do
    [ -e "$path" ] || continue
    mv "$path" "$(mktemp -d "$aside/XXXXXX")/"
  done
}

edit() { printf '\nOne more sentence, run %s.\n' "$1" >>"$2/$edited_chapter"; }

# --- book ---
book_site() { "$book" site --chapters "$chapters" --output "$site" "$@"; }
book_cold() { set_aside "$site" "$cache"; milliseconds book_site --full --no-cache; }
book_cold_warm_cache() { set_aside "$site" "$cache"/pages-*; milliseconds book_site; }
book_unchanged() { milliseconds book_site; }
book_unchanged_full() { milliseconds book_site --full; }
book_edited() { edit "$1" "$chapters"; milliseconds book_site; }

# --- Hugo: the chapters as content pages of a site with a minimal layout ---
hugo_root="$work/hugo"
hugo_out="$work/hugo-public"
mkdir -p "$hugo_root/content" "$hugo_root/layouts/_default"
cp "$chapters"/*.md "$hugo_root/content/"
cat >"$hugo_root/config.toml" <<'TOML'
baseURL = "http://127.0.0.1/"
title = "Benchmark"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[markup.goldmark.renderer]
unsafe = true
[markup.highlight]
codeFences = true
noClasses = false
TOML
cat >"$hugo_root/layouts/_default/baseof.html" <<'HTML'
<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body>{{ block "main" . }}{{ end }}</body></html>
HTML
cat >"$hugo_root/layouts/_default/single.html" <<'HTML'
{{ define "main" }}<article>{{ .Content }}</article>{{ end }}
HTML
cat >"$hugo_root/layouts/_default/list.html" <<'HTML'
{{ define "main" }}<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}
HTML
hugo_site() { hugo --quiet --source "$hugo_root" --destination "$hugo_out" --cacheDir "$work/hugo-cache"; }
hugo_cold() { set_aside "$hugo_out" "$work/hugo-cache" "$hugo_root/resources"; milliseconds hugo_site; }
hugo_unchanged() { milliseconds hugo_site; }
hugo_edited() { edit "$1" "$hugo_root/content"; milliseconds hugo_site; }

# --- bare cmark-gfm: each chapter to HTML, nothing else ---
cmark_chapters="$work/cmark-chapters"
cmark_out="$work/cmark-out"
cp -r "$chapters" "$cmark_chapters"
cmark_one() {
  cmark-gfm --unsafe -e table -e strikethrough -e autolink -e tasklist -e footnotes "$cmark_chapters/$1" \
    >"$cmark_out/${1%.md}.html"
}
cmark_all() { mkdir -p "$cmark_out"; for file in "$cmark_chapters"/*.md; do cmark_one "$(basename "$file")"; done; }
cmark_together() {
  mkdir -p "$cmark_out"
  cmark-gfm --unsafe -e table -e strikethrough -e autolink -e tasklist -e footnotes "$cmark_chapters"/*.md \
    >"$cmark_out/all.html"
}
cmark_cold() { set_aside "$cmark_out"; milliseconds cmark_all; }
cmark_cold_together() { set_aside "$cmark_out"; milliseconds cmark_together; }
cmark_unchanged() { milliseconds cmark_all; }
cmark_edited() { edit "$1" "$cmark_chapters"; milliseconds cmark_one "$edited_chapter"; }

echo "benchmark: $(ls "$chapters"/*.md | wc -l) chapters, $(( $(cat "$chapters"/*.md | wc -c) / 1024 )) KB of Markdown, $(cat "$chapters"/*.md | grep -c '^```swift') Swift listings, $(cat "$chapters"/*.md | grep -c '^```mermaid') diagrams, $runs runs each, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "benchmark: $(hugo version | cut -d' ' -f1-2), $(cmark-gfm --version | head -n1)"
echo
# Interleaved rounds, so that a burst of load from elsewhere hits every tool alike.
for round in $(seq "$runs"); do
  cpu_log="$work/book-cold.cpu" book_cold >>"$work/book-cold"
  cpu_log="$work/hugo-cold.cpu" hugo_cold >>"$work/hugo-cold"
  cmark_cold >>"$work/cmark-cold"
  cmark_cold_together >>"$work/cmark-cold-together"
  book_cold_warm_cache >>"$work/book-cold-warm"
  book_unchanged >>"$work/book-unchanged"
  hugo_unchanged >>"$work/hugo-unchanged"
  cmark_unchanged >>"$work/cmark-unchanged"
  book_unchanged_full >>"$work/book-unchanged-full"
  cpu_log="$work/book-edited.cpu" book_edited "$round" >>"$work/book-edited"
  cpu_log="$work/hugo-edited.cpu" hugo_edited "$round" >>"$work/hugo-edited"
  cmark_edited "$round" >>"$work/cmark-edited"
done
summarize "book: cold (--full --no-cache, empty folder)" book-cold <"$work/book-cold"
summarize "book: cold folder, warm highlight cache" book-cold-warm <"$work/book-cold-warm"
summarize "book: no change" book-unchanged <"$work/book-unchanged"
summarize "book: no change, full render (--full)" book-unchanged-full <"$work/book-unchanged-full"
summarize "book: one chapter edited" book-edited <"$work/book-edited"
summarize "hugo: cold" hugo-cold <"$work/hugo-cold"
summarize "hugo: no change" hugo-unchanged <"$work/hugo-unchanged"
summarize "hugo: one chapter edited" hugo-edited <"$work/hugo-edited"
summarize "cmark-gfm: cold, one process" cmark-cold-together <"$work/cmark-cold-together"
summarize "cmark-gfm: cold, one process per chapter" cmark-cold <"$work/cmark-cold"
summarize "cmark-gfm: no change (all chapters again)" cmark-unchanged <"$work/cmark-unchanged"
summarize "cmark-gfm: one chapter edited (that chapter)" cmark-edited <"$work/cmark-edited"
summarize "CPU (user+sys), book: cold" book-cold-cpu <"$work/book-cold.cpu"
summarize "CPU (user+sys), hugo: cold" hugo-cold-cpu <"$work/hugo-cold.cpu"
summarize "CPU (user+sys), book: one chapter edited" book-edited-cpu <"$work/book-edited.cpu"
summarize "CPU (user+sys), hugo: one chapter edited" hugo-edited-cpu <"$work/hugo-edited.cpu"
echo "benchmark: book's site is $(du -sk "$site" | cut -f1) KB in $(find "$site" -type f | wc -l) files;" \
  "hugo's $(du -sk "$hugo_out" | cut -f1) KB in $(find "$hugo_out" -type f | wc -l) files"

result() { cat "$work/results/$1"; }
echo
printf '%-12s %12s %12s %12s   (medians, ms)\n' "" "cold" "no change" "one edit"
printf '%-12s %12s %12s %12s\n' "book" "$(result book-cold)" "$(result book-unchanged)" "$(result book-edited)"
printf '%-12s %12s %12s %12s\n' "hugo" "$(result hugo-cold)" "$(result hugo-unchanged)" "$(result hugo-edited)"
printf '%-12s %12s %12s %12s\n' "cmark-gfm" "$(result cmark-cold)" "$(result cmark-unchanged)" "$(result cmark-edited)"
printf '%-12s %12s   (one process for every chapter)\n' "cmark-gfm" "$(result cmark-cold-together)"

echo
goal() {  # goal DESCRIPTION VALUE LIMIT
  if awk -v v="$2" -v l="$3" 'BEGIN { exit !(v <= l) }'; then verdict="met"; else verdict="NOT met"; fi
  printf 'goal: %-52s %8.1f ms <= %8.1f ms: %s\n' "$1" "$2" "$3" "$verdict"
}
goal "cold render at most 1/3 of Hugo's cold render" "$(result book-cold)" \
  "$(awk -v h="$(result hugo-cold)" 'BEGIN { print h / 3 }')"
goal "cold render at most 10x bare cmark-gfm's (one process)" "$(result book-cold)" \
  "$(awk -v c="$(result cmark-cold-together)" 'BEGIN { print c * 10 }')"
goal "one chapter edited, re-rendered" "$(result book-edited)" 60
echo "(CPU time, user+sys: book cold $(result book-cold-cpu) ms vs hugo cold $(result hugo-cold-cpu) ms;" \
  "book one edit $(result book-edited-cpu) ms)"

# --- book serve: one chapter's prose edited, from the file written to the open page's reload answered ---
serve_root="$work/serve"
mkdir -p "$serve_root"
cp -r "$chapters" "$serve_root/Chapters"
printf '// benchmark workspace\n' >"$serve_root/Package.swift"
"$serve" --port 0 --host 127.0.0.1 --root "$serve_root" >"$work/serve.log" 2>&1 &
serve_pid=$!
serve_port=""
for _ in $(seq 1200); do  # at most 120 s for the first render
  serve_port="$(sed -nE 's|^book serve: serving Site/ at http://127\.0\.0\.1:([0-9]+)/.*|\1|p' "$work/serve.log")"
  [ -n "$serve_port" ] && break
  kill -0 "$serve_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$serve_port" ]; then
  cat "$work/serve.log" >&2
  echo "benchmark: book serve did not start" >&2
  exit 1
fi
timeout 600 python3 Scripts/serve_reload_latency.py "$serve_port" "$serve_root/Chapters/$edited_chapter" "$runs" \
  >"$work/serve-edited"
stop_serve
summarize "serve: one chapter's prose edited → reload answered" serve-edited <"$work/serve-edited"
echo "serve: one chapter's prose edited → reload answered in $(result serve-edited) ms" \
  "(median of $runs runs, release build, through the server on 127.0.0.1)"
goal "book serve: one chapter's prose edited → reload answered" "$(result serve-edited)" 150

echo
echo "where the time goes, cold (--full --no-cache):"
rm -rf "$site" "$cache"
book_site --full --no-cache --timings | sed -n '/^book site:/,$p' | tail -n +2
echo
echo "where the time goes, one chapter edited:"
book_site >/dev/null  # the render above kept no caches (--no-cache): one build to fill them
edit timings "$chapters"
book_site --timings | sed -n '/^book site:/,$p' | tail -n +2
echo
echo "where the time goes, no change:"
book_site --timings | sed -n '/^book site:/,$p' | tail -n +2
