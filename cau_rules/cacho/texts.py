"""The words of Cacho's events, screens and menus, in English, Catalan and Spanish (see
:mod:`cau_rules.i18n`).

>>> TEXTS("folds", "ca", "seient 1")
'seient 1 es retira'
>>> from cau_rules.cacho.hands import evaluate
>>> value_text(evaluate("6o 6c 6e"), "es"), value_text(evaluate("1o 5c 4e"), "en")
('tres seises (18)', 'high card (5)')
"""

from __future__ import annotations

from cau_rules.cacho.hands import HandValue
from cau_rules.i18n import Catalogue, Lang, register

__all__ = ["TEXTS", "value_text"]

TEXTS = register(Catalogue("cacho", {
    # hand values
    "class_0": {"en": "high card", "ca": "carta alta", "es": "carta alta"},
    "class_1": {"en": "two of a suit", "ca": "dues del mateix pal", "es": "dos del mismo palo"},
    "class_2": {"en": "cacho", "ca": "cacho", "es": "cacho"},
    "class_3": {"en": "three sixes", "ca": "tres sisos", "es": "tres seises"},
    "then": {"en": ", then {0}", "ca": ", després {0}", "es": ", después {0}"},
    # events
    "hand_started": {"en": "hand {0}{1}: {2} deals, {3} is eldest", "ca": "mà {0}{1}: reparteix {2}, és mà {3}",
                     "es": "mano {0}{1}: reparte {2}, es mano {3}"},
    "redeal": {"en": " (redeal {0})", "ca": " (repartiment {0})", "es": " (reparto {0})"},
    "dealt": {"en": "card {0} dealt: 1 card each to {1}", "ca": "carta {0}: 1 carta a cadascun dels {1}",
              "es": "carta {0}: 1 carta a cada uno de los {1}"},
    "passes": {"en": "{0} passes", "ca": "{0} passa", "es": "{0} pasa"},
    "bets": {"en": "{0} bets {1}", "ca": "{0} aposta {1}", "es": "{0} apuesta {1}"},
    "calls": {"en": "{0} calls {1}", "ca": "{0} iguala {1}", "es": "{0} iguala {1}"},
    "all_in": {"en": " (all in)", "ca": " (s'hi juga tot)", "es": " (se lo juega todo)"},
    "raises": {"en": "{0} raises to {1}", "ca": "{0} puja a {1}", "es": "{0} sube a {1}"},
    "folds": {"en": "{0} folds", "ca": "{0} es retira", "es": "{0} se retira"},
    "void": {"en": "hand {0} is void: everybody passed", "ca": "la mà {0} és nul·la: tothom ha passat",
             "es": "la mano {0} es nula: todos han pasado"},
    "shows": {"en": "{0} shows {1}, {2}", "ca": "{0} ensenya {1}, {2}", "es": "{0} enseña {1}, {2}"},
    "showdown": {"en": "showdown: {0}", "ca": "es mostren les cartes: {0}", "es": "se enseñan las cartas: {0}"},
    "the_pot": {"en": "the pot", "ca": "el pot", "es": "el bote"},
    "side_pot": {"en": "side pot {0}", "ca": "el pot lateral {0}", "es": "el bote lateral {0}"},
    "takes": {"en": "{0} takes {1} of {2}{3}", "ca": "{0} s'endú {1} de {2}{3}", "es": "{0} se lleva {1} de {2}{3}"},
    "unshown": {"en": " without showing", "ca": " sense ensenyar", "es": " sin enseñar"},
    "hand_ended": {"en": "hand {0} ends: counters {1}", "ca": "acaba la mà {0}: fitxes {1}",
                   "es": "termina la mano {0}: fichas {1}"},
    # screens
    "you": {"en": " (you)", "ca": " (tu)", "es": " (tú)"},
    "dealer": {"en": " dealer", "ca": " reparteix", "es": " reparte"},
    "no_cards": {"en": "no cards", "ca": "cap carta", "es": "ninguna"},
    "stack": {"en": "stack {0}", "ca": "fitxes {0}", "es": "fichas {0}"},
    "in_pot": {"en": "in pot {0}", "ca": "al pot {0}", "es": "en el bote {0}"},
    "this_round": {"en": " this round {0}", "ca": " aquesta ronda {0}", "es": " esta ronda {0}"},
    "out": {"en": "out", "ca": "fora", "es": "fuera"},
    "folded": {"en": "folded", "ca": "retirat", "es": "retirado"},
    "to_act": {"en": "to act", "ca": "ha de parlar", "es": "debe hablar"},
    "Pot": {"en": "Pot", "ca": "Pot", "es": "Bote"},
    "pots_one": {"en": " (main pot {0}, side pot {1})", "ca": " (pot principal {0}, pot lateral {1})",
                 "es": " (bote principal {0}, bote lateral {1})"},
    "pots": {"en": " (main pot {0}, side pots {1})", "ca": " (pot principal {0}, pots laterals {1})",
             "es": " (bote principal {0}, botes laterales {1})"},
    "over": {"en": "=== {0} · session over after hand {1}{2} ===", "ca": "=== {0} · sessió acabada a la mà {1}{2} ===",
             "es": "=== {0} · sesión terminada en la mano {1}{2} ==="},
    "header": {"en": "=== {0} · hand {1}{2} · round {3} · {4} ===", "ca": "=== {0} · mà {1}{2} · ronda {3} · {4} ===",
               "es": "=== {0} · mano {1}{2} · ronda {3} · {4} ==="},
    "To call": {"en": "To call", "ca": "Per igualar", "es": "Para igualar"},
    "to_call": {"en": "{0} ({1}){2}", "ca": "{0} ({1}){2}", "es": "{0} ({1}){2}"},
    "no_bet": {"en": "nothing: no bet in round {0} yet", "ca": "res: encara cap aposta a la ronda {0}",
               "es": "nada: aún ninguna apuesta en la ronda {0}"},
    "Stock": {"en": "Stock", "ca": "Munt", "es": "Mazo"},
    "empty": {"en": "empty", "ca": "buit", "es": "vacío"},
    "Events": {"en": "Events", "ca": "Jugades", "es": "Jugadas"},
    "Outcome": {"en": "Outcome", "ca": "Resultat", "es": "Resultado"},
    "Moves": {"en": "Moves", "ca": "Opcions", "es": "Opciones"},
    "waiting": {"en": "Waiting for {0}.", "ca": "Esperant {0}.", "es": "Esperando a {0}."},
    "Your cards": {"en": "Your cards", "ca": "Les teves", "es": "Tus cartas"},
    # menus
    "menu_pass": {"en": "pass", "ca": "passa", "es": "paso"},
    "menu_bet": {"en": "bet {0}", "ca": "aposta {0}", "es": "apuesta {0}"},
    "menu_call": {"en": "call", "ca": "iguala", "es": "iguala"},
    "menu_raise": {"en": "raise {0}", "ca": "puja {0}", "es": "sube {0}"},
    "menu_fold": {"en": "fold", "ca": "retira't", "es": "me retiro"},
    # moves in words (each move's describe)
    "move_pass": {"en": "passes, betting nothing", "ca": "passa, sense apostar res", "es": "pasa, sin apostar nada"},
    "move_bet": {"en": "bets {0} counter|bets {0} counters", "ca": "aposta {0} fitxa|aposta {0} fitxes",
                 "es": "apuesta {0} ficha|apuesta {0} fichas"},
    "move_call": {"en": "calls, putting in {0} counter|calls, putting in {0} counters",
                  "ca": "iguala i hi posa {0} fitxa|iguala i hi posa {0} fitxes",
                  "es": "iguala y pone {0} ficha|iguala y pone {0} fichas"},
    "move_call_plain": {"en": "calls the bet", "ca": "iguala l'aposta", "es": "iguala la apuesta"},
    "move_all_in": {"en": " (all in)", "ca": " (s'hi juga tot)", "es": " (se lo juega todo)"},
    "move_raise": {"en": "raises the round's bet to {0}", "ca": "puja l'aposta de la ronda a {0}",
                   "es": "sube la apuesta de la ronda a {0}"},
    "move_fold": {"en": "folds, giving up the hand", "ca": "es retira i deixa la mà",
                  "es": "se retira y deja la mano"},
    # the rules' options on a form (option_<name>, help_<name>, choice_<value>)
    "option_stack": {"en": "counters", "ca": "fitxes", "es": "fichas"},
    "help_stack": {"en": "counters each player starts the session with.", "ca": "fitxes amb què cada jugador comença la sessió.", "es": "fichas con las que cada jugador empieza la sesión."},
    "option_resto": {"en": "the resto", "ca": "el resto", "es": "el resto"},
    "help_resto": {"en": "round-3 bets are capped at the smallest stack, or a player may go all in and side pots form.", "ca": "les apostes de la ronda 3 no passen de la pila més petita, o es pot jugar tot i es fan pots laterals.", "es": "las apuestas de la ronda 3 no pasan del montón más pequeño, o se puede jugar todo y se forman botes laterales."},
    "option_flush_bonus": {"en": "cacho bonus", "ca": "premi del cacho", "es": "premio del cacho"},
    "help_flush_bonus": {"en": "the bonus added to a three-card cacho (20 or 30).", "ca": "el premi que se suma a un cacho de tres cartes (20 o 30).", "es": "el premio que se suma a un cacho de tres cartas (20 o 30)."},
    "option_high_card_kickers": {"en": "compare the other cards", "ca": "compara les altres cartes", "es": "compara las otras cartas"},
    "help_high_card_kickers": {"en": "two high-card hands tied on their best card compare the other two.", "ca": "dues mans de carta alta empatades a la millor carta comparen les altres dues.", "es": "dos manos de carta alta empatadas en la mejor carta comparan las otras dos."},
    "option_max_hands": {"en": "hands", "ca": "mans", "es": "manos"},
    "help_max_hands": {"en": "hands in a session; it also ends when one player holds every counter.", "ca": "mans de la sessió; també s'acaba quan un jugador té totes les fitxes.", "es": "manos de la sesión; también termina cuando un jugador tiene todas las fichas."},
    "option_bets": {"en": "fixed bets", "ca": "apostes fixes", "es": "apuestas fijas"},
    "help_bets": {"en": "the fixed bets of rounds 1 and 2.", "ca": "les apostes fixes de les rondes 1 i 2.", "es": "las apuestas fijas de las rondas 1 y 2."},
    "choice_cap_at_smallest": {"en": "capped at the smallest stack", "ca": "fins a la pila més petita", "es": "hasta el montón más pequeño"},
    "choice_side_pots": {"en": "side pots", "ca": "pots laterals", "es": "botes laterales"},
}))
"""Every text of Cacho's screens, by key and language."""


def value_text(value: HandValue, lang: Lang = "en") -> str:
    """What a hand is worth, in words: its class, its value and any kickers."""
    kickers = TEXTS("then", lang, "-".join(str(rank) for rank in value.kickers)) if value.kickers else ""
    return f"{TEXTS(f'class_{int(value.hand_class)}', lang)} ({value.value}{kickers})"
