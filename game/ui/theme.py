"""The palette and type sizes of the 1890s salon, in one place."""

FELT = (22, 78, 52)
FELT_DARK = (12, 46, 31)
CREAM = (243, 234, 211)
PARCHMENT = (232, 219, 186)
INK = (28, 24, 20)
VERMILION = (196, 52, 34)
BRASS = (191, 150, 74)
BRASS_LIGHT = (228, 196, 120)
WALNUT = (74, 46, 28)
WALNUT_DARK = (46, 28, 16)
SEPIA = (112, 84, 52)
SHADOW = (0, 0, 0)
DIM = (150, 140, 120)
SUCCESS = (126, 176, 98)
FAILURE = (214, 96, 72)
FOCUS = (255, 220, 140)

SUIT_COLOURS = {"S": INK, "H": VERMILION, "D": VERMILION, "C": INK}
SUIT_COLOURS_FOUR = {"S": INK, "H": VERMILION, "D": (36, 84, 170), "C": (34, 120, 60)}

# type sizes at 720 px window height; scaled with the window
SIZE_TITLE = 64
SIZE_H1 = 40
SIZE_H2 = 30
SIZE_BODY = 24
SIZE_SMALL = 19
