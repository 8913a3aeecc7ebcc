#!/usr/bin/env python3
"""Prints what the README shows a command printing, so a test can compare
it with what the command prints today.

    readme_session.py README.md 'make run'
        the report of the `make run` session: past `[the build's output]`,
        up to the blank line before make's own `propagated module:` lines
    readme_session.py README.md 'build/bin/sharc explain ...'
        the lines after `$ COMMAND` up to the end of the code block
"""
import sys

lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
command = sys.argv[2]
start = lines.index("$ " + command) + 1
if command == "make run":
    start += 1  # past "[the build's output]"
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("propagated module:")) - 1
else:
    end = lines.index("```", start)
sys.stdout.write("\n".join(lines[start:end]) + "\n")
