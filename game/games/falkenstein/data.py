"""The default talent list and the ready-made heroes: data only, so both can be edited without code.

Display names and descriptions are translated through `game/i18n/falkenstein_strings.json`
(`talent.<id>`, and the keys in `HERO_DESCRIPTIONS`).
"""

from game.games.falkenstein.session import Character, Talent

# Talent id -> suit. Themes after the original game: ♣ physical, ♦ mental, ♥ emotional, ♠ social.
TALENTS: dict[str, str] = {
    "athletics": "C",
    "fisticuffs": "C",
    "fencing": "C",
    "marksmanship": "C",
    "physique": "C",
    "stealth": "C",
    "riding": "C",
    "education": "D",
    "perception": "D",
    "sorcery": "D",
    "tinkering": "D",
    "deduction": "D",
    "medicine": "D",
    "languages": "D",
    "charisma": "H",
    "comeliness": "H",
    "courage": "H",
    "empathy": "H",
    "performance": "H",
    "seduction": "H",
    "social_graces": "S",
    "connections": "S",
    "wealth": "S",
    "etiquette": "S",
    "bargaining": "S",
    "discretion": "S",
    "command": "S",
}


def _hero(name: str, **levels: int) -> Character:
    return Character(name, tuple(Talent(tid, TALENTS[tid], level) for tid, level in levels.items()))


HEROES: tuple[Character, ...] = (
    _hero(
        "Gräfin Ilse von Adlerstein",
        social_graces=6,
        seduction=4,
        discretion=4,
        languages=3,
        perception=3,
        marksmanship=3,
        courage=3,
        physique=1,
    ),
    _hero(
        "Professor Aurelius Quenzel",
        tinkering=5,
        education=5,
        deduction=4,
        perception=3,
        etiquette=3,
        empathy=1,
        fisticuffs=1,
        athletics=1,
    ),
    _hero(
        "Rittmeister Konrad von Hallberg",
        riding=6,
        fencing=4,
        command=4,
        courage=4,
        charisma=3,
        athletics=3,
        education=1,
    ),
    _hero(
        "Séraphine Lune",
        sorcery=5,
        performance=5,
        comeliness=4,
        empathy=3,
        seduction=3,
        bargaining=2,
        wealth=1,
    ),
    _hero(
        "Thorgrim Eisenhammer",
        tinkering=6,
        physique=4,
        fisticuffs=3,
        bargaining=3,
        courage=3,
        social_graces=1,
        etiquette=1,
    ),
    _hero(
        "Inspektor Anselm Brückner",
        deduction=5,
        perception=4,
        stealth=4,
        fisticuffs=3,
        connections=3,
        marksmanship=3,
        wealth=1,
    ),
)

# Hero name -> translation key of the hero's short description.
HERO_DESCRIPTIONS: dict[str, str] = {
    "Gräfin Ilse von Adlerstein": "hero.adlerstein.description",
    "Professor Aurelius Quenzel": "hero.quenzel.description",
    "Rittmeister Konrad von Hallberg": "hero.hallberg.description",
    "Séraphine Lune": "hero.lune.description",
    "Thorgrim Eisenhammer": "hero.eisenhammer.description",
    "Inspektor Anselm Brückner": "hero.brueckner.description",
}
