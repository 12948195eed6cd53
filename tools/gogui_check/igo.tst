# Regression tests for gogui-regress (GNU Go .tst format: numbered commands are
# tests, "#? [REGEX]" the expected response, "!" negates, a trailing "*" marks an
# expected failure). See tools/gogui_check/README.md.

boardsize 9
clear_board
komi 7

# Empty board, area scoring: White wins by komi.
10 final_score
#? [W\+7(\.0)?]

11 known_command gogui-analyze_commands
#? [true]

12 gogui-analyze_commands
#? [.*dboard/.*gfx/.*param/.*]

# A white 2x2 block with one liberty left, at E6.
play w d4
play w d5
play w e4
play w e5
play b c4
play b c5
play b d3
play b e3
play b f4
play b f5
play b d6

# Black captures the four stones.
20 reg_genmove b
#? [E6]

# The principal variation starts with the capture.
21 igo-search_pv b
#? [E6( .*)?]

# Dead stones view marks nothing illegal: the response is gfx or empty.
22 igo-final_status
#? [((MARK|TRIANGLE)( [A-HJ-T][0-9]+)+\n?)*]

# After the capture the points are empty again.
play b e6
23 play w d5
#? []

# An occupied point is refused: an error response, marked as expected failure.
24 play w d5
#? [.*]*
