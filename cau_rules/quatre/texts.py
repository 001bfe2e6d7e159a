"""The words of the four-card game's events, screens and menus, in English, Catalan and
Spanish (see :mod:`cau_rules.i18n`).  The names of the chains (cau, recau, contracau,
Sant Vicent) are the game's own words in every language.

>>> TEXTS("draws", "es", "asiento 1", "1c")
'asiento 1 roba 1c'
>>> count_words(2, "ca"), count_words(7, "en")
('dues cartes', '7 cards')
"""

from __future__ import annotations

from cau_rules.i18n import COMMON, Catalogue, Lang, register

__all__ = ["TEXTS", "count_words"]

TEXTS = register(Catalogue("quatre", {
    # events
    "dealt": {"en": "{0} deals: table {1}, {2} each", "ca": "{0} reparteix: taula {1}, {2} a cadascú",
              "es": "{0} reparte: mesa {1}, {2} a cada uno"},
    "played": {"en": "{0} plays {1} onto {2}: cau", "ca": "{0} juga {1} sobre {2}: cau",
               "es": "{0} juega {1} sobre {2}: cau"},
    "added": {"en": "{0} adds {1}: {2}", "ca": "{0} afegeix {1}: {2}", "es": "{0} añade {1}: {2}"},
    "taken": {"en": "{0} takes {1} ({2}); {3} owes {4}", "ca": "{0} s'emporta {1} ({2}); {3} deu {4}",
              "es": "{0} se lleva {1} ({2}); {3} debe {4}"},
    "gives": {"en": "{0} gives {1} to {2}", "ca": "{0} dona {1} a {2}", "es": "{0} da {1} a {2}"},
    "a_card": {"en": "a card", "ca": "una carta", "es": "una carta"},
    "draws": {"en": "{0} draws {1}", "ca": "{0} roba {1}", "es": "{0} roba {1}"},
    "refills": {"en": "{0} draws {1} to refill", "ca": "{0} roba {1} per refer la mà",
                "es": "{0} roba {1} para rehacer la mano"},
    "table_refilled": {"en": "the empty table gets {0}", "ca": "la taula buida rep {0}",
                       "es": "la mesa vacía recibe {0}"},
    "passes": {"en": "{0} passes ({1} in a row)", "ca": "{0} passa ({1} seguides)", "es": "{0} pasa ({1} seguidas)"},
    "lay_due_empty": {"en": "the centre is empty: {0} lays {1} into it", "ca": "el centre és buit: {0} hi posa {1}",
                      "es": "el centro está vacío: {0} pone {1}"},
    "lay_due_dead": {"en": "nobody can match the centre: {0} lays {1} into it",
                     "ca": "ningú no pot fer parella amb el centre: {0} hi posa {1}",
                     "es": "nadie puede hacer pareja con el centro: {0} pone {1}"},
    "laid": {"en": "{0} lays {1} into the centre", "ca": "{0} posa {1} al centre", "es": "{0} pone {1} en el centro"},
    "centre_taken": {"en": "{0} takes what is left in the centre: {1}", "ca": "{0} s'emporta el que queda al centre: {1}",
                     "es": "{0} se lleva lo que queda en el centro: {1}"},
    "out": {"en": "{0} is out", "ca": "{0} queda fora", "es": "{0} queda fuera"},
    # screens
    "turn": {"en": "turn", "ca": "torn", "es": "turno"},
    "chain": {"en": "chain", "ca": "cadena", "es": "cadena"},
    "gift": {"en": "gift", "ca": "regal", "es": "regalo"},
    "lay": {"en": "lay", "ca": "posar", "es": "poner"},
    "over": {"en": "over", "ca": "acabada", "es": "terminada"},
    "header": {"en": "=== {0} · {1} ===", "ca": "=== {0} · {1} ===", "es": "=== {0} · {1} ==="},
    "Centre": {"en": "Centre", "ca": "Centre", "es": "Centro"},
    "Chain": {"en": "Chain", "ca": "Cadena", "es": "Cadena"},
    "chain_line": {"en": "{0} on {1}: {2}; {3} must add a {4} ({5})",
                   "ca": "{0} sobre {1}: {2}; {3} ha d'afegir un {4} ({5})",
                   "es": "{0} sobre {1}: {2}; {3} tiene que añadir un {4} ({5})"},
    "chain_played": {"en": "{0} played {1}", "ca": "{0} ha jugat {1}", "es": "{0} ha jugado {1}"},
    "chain_added": {"en": "{0} added {1}", "ca": "{0} ha afegit {1}", "es": "{0} ha añadido {1}"},
    "Gift": {"en": "Gift", "ca": "Regal", "es": "Regalo"},
    "gift_line": {"en": "{0} owes {1} {2} ({3})", "ca": "{0} deu {2} a {1} ({3})", "es": "{0} debe {2} a {1} ({3})"},
    "Lay": {"en": "Lay", "ca": "Posar", "es": "Poner"},
    "lay_line": {"en": "{0} still lays {1} into the centre{2}", "ca": "{0} encara posa {1} al centre{2}",
                 "es": "{0} todavía pone {1} en el centro{2}"},
    "lay_after": {"en": ", each later in deck order than {0}", "ca": ", cadascuna posterior a {0} en l'ordre de la baralla",
                  "es": ", cada una posterior a {0} en el orden de la baraja"},
    "Your cards": {"en": "Your cards", "ca": "Les teves", "es": "Tus cartas"},
    "Holdings": {"en": "Holdings", "ca": "A la mà", "es": "En la mano"},
    "Known": {"en": "Known", "ca": "Se sap", "es": "Se sabe"},
    "Stock": {"en": "Stock", "ca": "Munt", "es": "Mazo"},
    "Out": {"en": "Out", "ca": "Fora", "es": "Fuera"},
    "Passes": {"en": "Passes", "ca": "Passades", "es": "Pases"},
    "in_a_row": {"en": "{0} in a row", "ca": "{0} seguides", "es": "{0} seguidos"},
    "Safety": {"en": "Safety", "ca": "Límit", "es": "Límite"},
    "safety_line": {"en": "{0} of {1} turns without stock", "ca": "{0} de {1} torns sense munt",
                    "es": "{0} de {1} turnos sin mazo"},
    "Last move": {"en": "Last move", "ca": "Última", "es": "Última"},
    "Result": {"en": "Result", "ca": "Resultat", "es": "Resultado"},
    "Seat": {"en": "Seat {0}", "ca": "Seient {0}", "es": "Asiento {0}"},
    "Private": {"en": "Private", "ca": "Privat", "es": "Privado"},
    "knows": {"en": "{0} knows {1} holds {2}", "ca": "{0} sap que {1} té {2}", "es": "{0} sabe que {1} tiene {2}"},
    "words": {"en": "no cards|one card|two cards|three cards|four cards",
              "ca": "cap carta|una carta|dues cartes|tres cartes|quatre cartes",
              "es": "ninguna carta|una carta|dos cartas|tres cartas|cuatro cartas"},
    # menus
    "menu_draw": {"en": "draw", "ca": "roba", "es": "roba"},
    "menu_pass": {"en": "pass", "ca": "passa", "es": "paso"},
    "menu_add": {"en": "add {0}", "ca": "afegeix {0}", "es": "añade {0}"},
    "menu_give": {"en": "give {0}", "ca": "dona {0}", "es": "da {0}"},
    "menu_lay": {"en": "lay {0}", "ca": "posa {0}", "es": "pon {0}"},
    # moves in words (each move's describe)
    "move_play": {"en": "{0}: pairs with the {1} on the table and calls cau",
                  "ca": "{0}: fa parella amb {1} de la taula i canta cau",
                  "es": "{0}: hace pareja con {1} de la mesa y canta cau"},
    "move_add": {"en": "{0}: joins the chain and calls {1}", "ca": "{0}: s'afegeix a la cadena i canta {1}",
                 "es": "{0}: se suma a la cadena y canta {1}"},
    "move_give": {"en": "{0}: given to {1}", "ca": "{0}: per a {1}", "es": "{0}: para {1}"},
    "move_give_chain": {"en": "{0}: given to the chain's last caller", "ca": "{0}: per a qui ha cantat l'últim",
                        "es": "{0}: para quien ha cantado el último"},
    "move_draw": {"en": "draws a card: nothing on the table matches", "ca": "roba una carta: res de la taula no fa parella",
                  "es": "roba una carta: nada de la mesa hace pareja"},
    "move_pass": {"en": "passes: nothing matches and the stock is empty",
                  "ca": "passa: res no fa parella i el munt és buit",
                  "es": "pasa: nada hace pareja y el mazo está vacío"},
    "move_lay": {"en": "{0}: laid into the centre", "ca": "{0}: al centre", "es": "{0}: al centro"},
    # the rules' options on a form (option_<name>, help_<name>, choice_<value>)
    "option_deck": {"en": "deck", "ca": "baralla", "es": "baraja"},
    "help_deck": {"en": "the deck played with.", "ca": "la baralla amb què es juga.", "es": "la baraja con la que se juega."},
    "option_table_size": {"en": "table cards", "ca": "cartes a la taula", "es": "cartas en la mesa"},
    "help_table_size": {"en": "table cards dealt at the start and whenever the table is empty; also the cards laid into a dead centre.", "ca": "cartes de la taula en començar i cada cop que queda buida; també les que es posen en un centre mort.", "es": "cartas de la mesa al empezar y cada vez que queda vacía; también las que se ponen en un centro muerto."},
    "option_hand_size": {"en": "cards in hand", "ca": "cartes a la mà", "es": "cartas en la mano"},
    "help_hand_size": {"en": "cards dealt to each player, and drawn back up to after every turn while the stock lasts.", "ca": "cartes que rep cada jugador, i fins on roba després de cada torn mentre en quedin.", "es": "cartas que recibe cada jugador, y hasta donde roba tras cada turno mientras queden."},
    "option_max_turns_after_stock": {"en": "turns after the stock", "ca": "torns sense munt", "es": "turnos sin mazo"},
    "help_max_turns_after_stock": {"en": "a game still going this many turns after the stock ran out ends; the most cards wins.", "ca": "una partida que segueix tants torns després d'acabar-se el munt s'acaba; guanya qui té més cartes.", "es": "una partida que sigue tantos turnos después de acabarse el mazo termina; gana quien tiene más cartas."},
    "choice_spanish-48": {"en": "Spanish deck of 48", "ca": "baralla espanyola de 48", "es": "baraja española de 48"},
    "choice_spanish-40": {"en": "Spanish deck of 40", "ca": "baralla espanyola de 40", "es": "baraja española de 40"},
    "choice_french-40": {"en": "French deck of 40", "ca": "baralla francesa de 40", "es": "baraja francesa de 40"},
    "choice_cacho-24": {"en": "Cacho deck of 24", "ca": "baralla de cacho de 24", "es": "baraja de cacho de 24"},
}))
"""Every text of the four-card game, by key and language."""


def count_words(count: int, lang: Lang = "en") -> str:
    """*count* cards in words up to four (gifts and lays owe at most four), else in digits.

    >>> count_words(1), count_words(3, "es"), count_words(0, "ca")
    ('one card', 'tres cartas', 'cap carta')
    """
    words = TEXTS.entries["words"][lang].split("|")
    return words[count] if 0 <= count < len(words) else COMMON.count("cards", count, lang)
