#!/usr/bin/env python3
"""Measures `book serve`'s edit-to-reload time for the site benchmark: against a running server on
127.0.0.1:PORT, RUNS times, parks a reload poll as an open page does (`/__reload?since=N`), appends a
sentence to CHAPTER, and times from the moment the file is written to the moment the poll is answered
with a newer generation. Prints one time per line, in milliseconds. Every wait is bounded: a poll that is
not answered within 30 s fails the run. Loopback only.
Usage: serve_reload_latency.py PORT CHAPTER RUNS
"""
import http.client
import sys
import time


def generation(port, since, timeout):
    """Asks the server for a generation newer than `since` (a long poll); returns the one it answers."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", f"/__reload?since={since}")
        response = connection.getresponse()
        if response.status != 200:
            sys.exit(f"serve_reload_latency: /__reload answered {response.status}")
        return int(response.read().decode().strip())
    finally:
        connection.close()


def one_run(port, chapter, seen, run):
    """One edit: the poll is parked first, then the chapter is written; returns (ms, new generation)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", f"/__reload?since={seen}")
        time.sleep(0.3)  # the request reaches the server and is parked before the edit
        with open(chapter, "a", encoding="utf-8") as file:
            file.write(f"\nOne more sentence for the preview, run {run}.\n")
        written = time.perf_counter()
        response = connection.getresponse()
        answered = time.perf_counter()
        now = int(response.read().decode().strip())
    finally:
        connection.close()
    if now <= seen:
        sys.exit(f"serve_reload_latency: run {run}: no rebuild was signalled within 30 s")
    return (answered - written) * 1000, now


def main():
    port, chapter, runs = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    seen = generation(port, -1, 10)  # answered at once: the current generation
    for run in range(1, min(runs, 50) + 1):
        elapsed, seen = one_run(port, chapter, seen, run)
        print(f"{elapsed:.1f}", flush=True)
        time.sleep(0.3)  # the watcher settles before the next edit


if __name__ == "__main__":
    main()
