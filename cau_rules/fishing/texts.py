"""The words of the capture family's events, screens and menus, in English, Catalan and
Spanish (see :mod:`cau_rules.i18n`).  The names of the calls (cau, recau, contracau,
neta, ronda, rondi, sant-vicent) are the games' own words, the same in every language.

>>> TEXTS("trails", "ca", "seient 0", "5o")
'seient 0 tira 5o'
>>> call_name("sant-vicent"), reason_name("stake", "es")
('sant-vicent', 'el envite')
"""

from __future__ import annotations

from cau_rules.i18n import Catalogue, Lang, register

__all__ = ["TEXTS", "call_name", "reason_name"]

def call_name(value: str) -> str:
    """A call's name on a screen: its notation (``sant-vicent``, ``rondi``), the same in
    every language."""
    return value


def reason_name(reason: str, lang: Lang) -> str:
    """What Valencian stones were scored for, in *lang* (calls keep their own names)."""
    key = "reason_" + reason.replace(" ", "_")
    if key in TEXTS.entries:
        return TEXTS(key, lang)
    return call_name(reason)


TEXTS = register(Catalogue("fishing", {
    # events
    "hand_started": {"en": "hand {0}: {1} deals, {2} is eldest", "ca": "mà {0}: reparteix {1}, és mà {2}",
                     "es": "mano {0}: reparte {1}, es mano {2}"},
    "table_replaced": {"en": "{0} repeats a rank on the table and goes back into the stock",
                       "ca": "{0} repeteix un número de la taula i torna a la baralla",
                       "es": "{0} repite un número de la mesa y vuelve al mazo"},
    "dealt": {"en": "deal round {0}: {1}{2} each, {3} opens", "ca": "repartiment {0}: {1}{2} a cadascú, obre {3}",
              "es": "reparto {0}: {1}{2} a cada uno, abre {3}"},
    "dealt_table": {"en": "table {0}; ", "ca": "taula {0}; ", "es": "mesa {0}; "},
    "trails": {"en": "{0} trails {1}", "ca": "{0} tira {1}", "es": "{0} tira {1}"},
    "plays_call": {"en": "{0} plays {1}: {2}{3}", "ca": "{0} juga {1}: {2}{3}", "es": "{0} juega {1}: {2}{3}"},
    "claiming": {"en": ", claiming {0}", "ca": ", reclamant {0}", "es": ", reclamando {0}"},
    "pile_of": {"en": "the pile of {0}", "ca": "el munt del {0}", "es": "el montón del {0}"},
    "piles_of": {"en": "the piles of {0}", "ca": "els munts dels {0}", "es": "los montones de los {0}"},
    "captures": {"en": "{0} captures with {1}: {2}{3}", "ca": "{0} es cobra amb {1}: {2}{3}",
                 "es": "{0} se lleva con {1}: {2}{3}"},
    "with_piles": {"en": " (with {0})", "ca": " (amb {0})", "es": " (con {0})"},
    "calls": {"en": "{0} calls {1}", "ca": "{0} canta {1}", "es": "{0} canta {1}"},
    "declares": {"en": "{0} declares {1}", "ca": "{0} declara {1}", "es": "{0} declara {1}"},
    "passes": {"en": "{0} passes", "ca": "{0} passa", "es": "{0} pasa"},
    "pays": {"en": "{0} pays {1} to {2} for {3}", "ca": "{0} paga {1} al {2} per {3}",
             "es": "{0} paga {1} al {2} por {3}"},
    "a_card": {"en": "a card", "ca": "una carta", "es": "una carta"},
    "a_debt": {"en": "a debt", "ca": "un deute", "es": "una deuda"},
    "owes_for": {"en": "{0} owes {1} to {2} for {3}", "ca": "{0} deu {1} al {2} per {3}",
                 "es": "{0} debe {1} al {2} por {3}"},
    "leftovers": {"en": "leftovers {0} go to {1}", "ca": "les cartes que queden, {0}, van al {1}",
                  "es": "las cartas que quedan, {0}, van al {1}"},
    "leftovers_discard": {"en": "leftovers {0} go to the discard", "ca": "les cartes que queden, {0}, van al descart",
                          "es": "las cartas que quedan, {0}, van al descarte"},
    "hand_ended": {"en": "hand {0} ends: {1}; {2}", "ca": "acaba la mà {0}: {1}; {2}",
                   "es": "termina la mano {0}: {1}; {2}"},
    "hand_won_by": {"en": "won by {0}", "ca": "guanyada per {0}", "es": "ganada por {0}"},
    "hand_nobody": {"en": "nobody wins it", "ca": "no la guanya ningú", "es": "no la gana nadie"},
    "scored": {"en": "{0} scores {1} for {2} ({3})", "ca": "{0} suma {1} per {2} ({3})",
               "es": "{0} suma {1} por {2} ({3})"},
    "reason_stake": {"en": "the stake", "ca": "l'envit", "es": "el envite"},
    "reason_surplus": {"en": "the surplus", "ca": "l'excedent", "es": "el excedente"},
    "reason_pixat": {"en": "pixat", "ca": "pixat", "es": "pixat"},
    "reason_bon_fer": {"en": "bon fer", "ca": "bon fer", "es": "bon fer"},
    "stake_opened": {"en": "both teams hold rondas: {0} bid for the stake",
                     "ca": "els dos equips tenen ronda: envien {0}",
                     "es": "los dos equipos tienen ronda: envidan {0}"},
    "bids": {"en": "{0} bids {1}", "ca": "{0} envida {1}", "es": "{0} envida {1}"},
    "the_game": {"en": "the game", "ca": "la partida", "es": "la partida"},
    "the_joc": {"en": "the joc", "ca": "el joc", "es": "el joc"},
    "accepts": {"en": "{0} accepts", "ca": "{0} accepta", "es": "{0} acepta"},
    "refuses": {"en": "{0} refuses", "ca": "{0} no vol", "es": "{0} no quiere"},
    "showdown": {"en": "showdown ({0}): {1} holds the best", "ca": "es mostren les cartes ({0}): {1} té la millor",
                 "es": "se enseñan las cartas ({0}): {1} tiene la mejor"},
    "partida_won": {"en": "{0} wins the partida ({1})", "ca": "{0} guanya la partida ({1})",
                    "es": "{0} gana la partida ({1})"},
    "joc_won": {"en": "{0} wins the partida and the joc ({1})", "ca": "{0} guanya la partida i el joc ({1})",
                "es": "{0} gana la partida y el joc ({1})"},
    # screens
    "header": {"en": "=== {0} · hand {1} · deal round {2} · {3} ===",
               "ca": "=== {0} · mà {1} · repartiment {2} · {3} ===",
               "es": "=== {0} · mano {1} · reparto {2} · {3} ==="},
    "to_bid": {"en": "{0} to bid", "ca": "envida {0}", "es": "envida {0}"},
    "to_declare": {"en": "{0} to declare", "ca": "declara {0}", "es": "declara {0}"},
    "Table": {"en": "Table", "ca": "Taula", "es": "Mesa"},
    "Chain": {"en": "Chain", "ca": "Cadena", "es": "Cadena"},
    "chain_line": {"en": "{0} pending on rank {1}: {2}{3}", "ca": "{0} pendent sobre el {1}: {2}{3}",
                   "es": "{0} pendiente sobre el {1}: {2}{3}"},
    "chain": {"en": "chain", "ca": "cadena", "es": "cadena"},
    "claims": {"en": "; claims {0}", "ca": "; reclama {0}", "es": "; reclama {0}"},
    "Last trail": {"en": "Last trail", "ca": "Tirada", "es": "Tirada"},
    "trailed": {"en": "{0} trailed {1}", "ca": "{0} ha tirat {1}", "es": "{0} ha tirado {1}"},
    "match_it": {"en": " (match it to call cau)", "ca": " (fes-ne parella per cantar cau)",
                 "es": " (haz pareja para cantar cau)"},
    "Your cards": {"en": "Your cards", "ca": "Les teves", "es": "Tus cartas"},
    "Seat": {"en": "Seat {0}", "ca": "Seient {0}", "es": "Asiento {0}"},
    "Piles": {"en": "Piles", "ca": "Munts", "es": "Montones"},
    "top": {"en": ", top {0}", "ca": ", a dalt {0}", "es": ", arriba {0}"},
    "closed": {"en": " (closed)", "ca": " (tancats)", "es": " (cerrados)"},
    "Holdings": {"en": "Holdings", "ca": "A la mà", "es": "En la mano"},
    "Stock": {"en": "Stock", "ca": "Baralla", "es": "Mazo"},
    "Discard": {"en": "Discard", "ca": "Descart", "es": "Descarte"},
    "Debts": {"en": "Debts", "ca": "Deutes", "es": "Deudas"},
    "owes": {"en": "{0} owes {1} to {2}", "ca": "{0} deu {1} al {2}", "es": "{0} debe {1} al {2}"},
    "Declared": {"en": "Declared", "ca": "Declarat", "es": "Declarado"},
    "Cards won": {"en": "Cards won", "ca": "Guanyades", "es": "Ganadas"},
    "Hand": {"en": "Hand {0}", "ca": "Mà {0}", "es": "Mano {0}"},
    "Stones": {"en": "Stones", "ca": "Pedres", "es": "Piedras"},
    "Partides": {"en": "Partides", "ca": "Partides", "es": "Partidas"},
    "team_seats": {"en": "{0}{1} (seats {2})", "ca": "{0}{1} (seients {2})", "es": "{0}{1} (asientos {2})"},
    "yours": {"en": " (yours)", "ca": " (el teu)", "es": " (el tuyo)"},
    "Ronda stake": {"en": "Ronda stake", "ca": "Envit de ronda", "es": "Envite de ronda"},
    "stake_line": {"en": "holders {0}; bids: {1}; {2} to answer", "ca": "tenen ronda {0}; envits: {1}; respon {2}",
                   "es": "tienen ronda {0}; envites: {1}; responde {2}"},
    "no_bids": {"en": "none yet", "ca": "encara cap", "es": "ninguno aún"},
    "game_bid": {"en": "game", "ca": "partida", "es": "partida"},
    "Result": {"en": "Result", "ca": "Resultat", "es": "Resultado"},
    "cards_pile": {"en": "{0}: {1}", "ca": "{0}: {1}", "es": "{0}: {1}"},
    # menus
    "menu_bid": {"en": "bid {0}", "ca": "envida {0}", "es": "envida {0}"},
    "menu_accept": {"en": "accept", "ca": "accepta", "es": "acepta"},
    "menu_refuse": {"en": "refuse", "ca": "no vull", "es": "no quiero"},
    "menu_pass": {"en": "pass", "ca": "passa", "es": "paso"},
    # moves in words (Play.describe and the others)
    "move_trail": {"en": "{0}: to the table, taking nothing", "ca": "{0}: a la taula, sense endur-se res",
                   "es": "{0}: a la mesa, sin llevarse nada"},
    "move_take": {"en": "{0}: takes {1}", "ca": "{0}: s'endú {1}", "es": "{0}: se lleva {1}"},
    "move_then": {"en": ", then {0}", "ca": ", i després {0}", "es": ", y luego {0}"},
    "move_rank": {"en": "the {0}", "ca": "el {0}", "es": "el {0}"},
    "move_rank_vowel": {"en": "the {0}", "ca": "l'{0}", "es": "el {0}"},
    "move_pile": {"en": "the pile of {0} (on {1})", "ca": "el munt del {0} (sobre {1})",
                  "es": "el montón del {0} (sobre {1})"},
    "move_pile_name": {"en": "{0}'s pile (on {1})", "ca": "el munt de {0} (sobre {1})",
                       "es": "el montón de {0} (sobre {1})"},
    "move_chain": {"en": "{0}: joins the chain of {1}", "ca": "{0}: s'afegeix a la cadena {1}",
                   "es": "{0}: se suma a la cadena {1}"},
    "move_chain_of": {"en": "{0}s", "ca": "del {0}", "es": "del {0}"},
    "move_chain_of_vowel": {"en": "{0}s", "ca": "de l'{0}", "es": "del {0}"},
    "move_claiming": {"en": ", claiming {0}", "ca": ", i reclama {0}", "es": ", y reclama {0}"},
    "move_calling": {"en": " and calls {0}", "ca": " i canta {0}", "es": " y canta {0}"},
    "move_declare": {"en": "declares {0}", "ca": "declara {0}", "es": "declara {0}"},
    "move_no_declare": {"en": "passes without declaring", "ca": "passa sense declarar",
                        "es": "pasa sin declarar"},
    "move_bid": {"en": "bids {0} stone|bids {0} stones", "ca": "envida {0} pedra|envida {0} pedres",
                 "es": "envida {0} piedra|envida {0} piedras"},
    "move_bid_game": {"en": "bids the partida", "ca": "envida la partida", "es": "envida la partida"},
    "move_bid_joc": {"en": "bids the joc", "ca": "envida el joc", "es": "envida el joc"},
    "move_accept": {"en": "accepts the bid: the holdings are shown", "ca": "accepta l'envit: es mostren les cartes",
                    "es": "acepta el envite: se enseñan las cartas"},
    "move_refuse": {"en": "refuses the bid", "ca": "no vol l'envit", "es": "no quiere el envite"},
}))
"""Every text of the capture family, by key and language."""
