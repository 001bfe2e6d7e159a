"""The table server page's own words, in English, Catalan and Spanish: one
:class:`~cau_rules.i18n.Catalogue` beside the library's (the page asks for them at
``/api/words``; everything else it shows comes from the library's catalogues).

>>> WORDS("sit", "ca"), WORDS.count("free", 1, "es")
('Seu aquí', '1 asiento libre')
>>> page_words()["es"]["guest"]
'invitado'
"""

from __future__ import annotations

from cau_rules.i18n import LANGS, Catalogue, register

__all__ = ["WORDS", "page_words"]

WORDS = register(Catalogue("table server", {
    "brand": {"en": "cau_rules", "ca": "cau_rules", "es": "cau_rules"},
    "tables": {"en": "tables", "ca": "taules", "es": "mesas"},
    "language": {"en": "Language", "ca": "Llengua", "es": "Idioma"},
    # each language is named in its own words, on every page
    "lang_en": {"en": "English", "ca": "English", "es": "English"},
    "lang_ca": {"en": "Català", "ca": "Català", "es": "Català"},
    "lang_es": {"en": "Español", "ca": "Español", "es": "Español"},
    "new_table": {"en": "New table", "ca": "Taula nova", "es": "Mesa nueva"},
    "your_name": {"en": "Your name", "ca": "El teu nom", "es": "Tu nombre"},
    "game": {"en": "Game", "ca": "Joc", "es": "Juego"},
    "players": {"en": "Players", "ca": "Jugadors", "es": "Jugadores"},
    "options": {"en": "Options of the preset", "ca": "Opcions del joc", "es": "Opciones del juego"},
    "create": {"en": "Create table", "ca": "Crea la taula", "es": "Crear la mesa"},
    "open_tables": {"en": "Open tables", "ca": "Taules obertes", "es": "Mesas abiertas"},
    "none_yet": {"en": "none yet", "ca": "encara cap", "es": "ninguna todavía"},
    "invite": {"en": "Invite link", "ca": "Enllaç d'invitació", "es": "Enlace de invitación"},
    "copy": {"en": "Copy", "ca": "Copia", "es": "Copiar"},
    "your_move": {"en": "Your move", "ca": "La teva jugada", "es": "Tu jugada"},
    "type_move": {"en": "or type a move, e.g. 7o", "ca": "o escriu una jugada, p. ex. 7o",
                  "es": "o escribe una jugada, p. ej. 7o"},
    "play": {"en": "Play", "ca": "Juga", "es": "Jugar"},
    "click_hint": {"en": "Click a card of your hand to play it.", "ca": "Fes clic en una carta de la mà per jugar-la.",
                   "es": "Haz clic en una carta de tu mano para jugarla."},
    "legend": {"en": "Suits: o oros (coins), c copes (cups), e espases (swords), b bastos (clubs); the number "
                     "before the suit is the rank (10, 11, 12: jack, knight, king).",
               "ca": "Pals: o oros, c copes, e espases, b bastos; el número davant del pal és el valor "
                     "(10, 11, 12: sota, cavall, rei).",
               "es": "Palos: o oros, c copas, e espadas, b bastos; el número delante del palo es el valor "
                     "(10, 11, 12: sota, caballo, rey)."},
    "what_happened": {"en": "What happened", "ca": "Què ha passat", "es": "Qué ha pasado"},
    "footer": {"en": "Rules by cau_rules. The server keeps every hand; your browser sees only your seat.",
               "ca": "Regles de cau_rules. El servidor guarda totes les mans; el navegador només veu el teu seient.",
               "es": "Reglas de cau_rules. El servidor guarda todas las manos; tu navegador solo ve tu asiento."},
    "seat": {"en": "seat {0}", "ca": "seient {0}", "es": "asiento {0}"},
    "empty": {"en": "empty", "ca": "buit", "es": "vacío"},
    "you": {"en": "you", "ca": "tu", "es": "tú"},
    "sit": {"en": "Sit here", "ca": "Seu aquí", "es": "Siéntate aquí"},
    "add_bot": {"en": "Add bot", "ca": "Afegeix un bot", "es": "Añadir un bot"},
    "bot_level": {"en": "bot level", "ca": "nivell del bot", "es": "nivel del bot"},
    "bot_random": {"en": "random", "ca": "a l'atzar", "es": "al azar"},
    "bot_greedy": {"en": "greedy", "ca": "golafre", "es": "codicioso"},
    "bot_ismcts": {"en": "searching (IS-MCTS)", "ca": "que cerca (IS-MCTS)", "es": "que busca (IS-MCTS)"},
    "bot_easy": {"en": "easy", "ca": "fàcil", "es": "fácil"},
    "bot_medium": {"en": "medium", "ca": "mitjà", "es": "medio"},
    "bot_hard": {"en": "hard", "ca": "difícil", "es": "difícil"},
    "bot_expert": {"en": "expert", "ca": "expert", "es": "experto"},
    "bot_seat": {"en": "{0} bot", "ca": "bot {0}", "es": "bot {0}"},
    "guest": {"en": "guest", "ca": "convidat", "es": "invitado"},
    "player": {"en": "player", "ca": "jugador", "es": "jugador"},
    "waiting": {"en": "Waiting for every seat to be taken.", "ca": "S'espera que s'ocupin tots els seients.",
                "es": "Se espera a que se ocupen todos los asientos."},
    "over": {"en": "The game is over.", "ca": "La partida s'ha acabat.", "es": "La partida ha terminado."},
    "your_turn": {"en": "Your turn: choose a move.", "ca": "Et toca: tria una jugada.", "es": "Te toca: elige una jugada."},
    "to_play": {"en": "{0} to play.", "ca": "Juga {0}.", "es": "Juega {0}."},
    "game_over": {"en": "Game over.", "ca": "Partida acabada.", "es": "Partida terminada."},
    "you_win": {"en": "You win!", "ca": "Has guanyat!", "es": "¡Has ganado!"},
    "tie": {"en": "A tie: you share the win.", "ca": "Empat: comparteixes la victòria.",
            "es": "Empate: compartes la victoria."},
    "record": {"en": "Game record", "ca": "Registre de la partida", "es": "Registro de la partida"},
    "free": {"en": "{0} free seat|{0} free seats", "ca": "{0} seient lliure|{0} seients lliures",
             "es": "{0} asiento libre|{0} asientos libres"},
    "n_players": {"en": "{0} player|{0} players", "ca": "{0} jugador|{0} jugadors", "es": "{0} jugador|{0} jugadores"},
    "status_waiting": {"en": "waiting", "ca": "en espera", "es": "en espera"},
    "status_playing": {"en": "playing", "ca": "en joc", "es": "en juego"},
    "status_over": {"en": "over", "ca": "acabada", "es": "terminada"},
    "close": {"en": "close", "ca": "tanca", "es": "cerrar"},
    "online": {"en": "online", "ca": "connectat", "es": "conectado"},
    "offline": {"en": "offline", "ca": "desconnectat", "es": "desconectado"},
    "connecting": {"en": "connecting", "ca": "connectant", "es": "conectando"},
    "moves_of": {"en": "moves of this card", "ca": "jugades d'aquesta carta", "es": "jugadas de esta carta"},
    "move_code": {"en": "in notation", "ca": "en notació", "es": "en notación"},
    "amount": {"en": "amount", "ca": "quantitat", "es": "cantidad"},
    # a seat whose person lost the connection
    "away": {"en": "away", "ca": "absent", "es": "ausente"},
    "away_grace": {"en": "{0} lost the connection; the seat waits {1} s", "ca": "{0} ha perdut la connexió; el seient espera {1} s",
                   "es": "{0} ha perdido la conexión; el asiento espera {1} s"},
    "bot_stands_in": {"en": "{0} is away: a bot plays for them", "ca": "{0} no hi és: un bot juga per aquest seient",
                      "es": "{0} no está: un bot juega por este asiento"},
    "came_back": {"en": "{0} is back", "ca": "{0} ha tornat", "es": "{0} ha vuelto"},
    "clock": {"en": "{0} s to move", "ca": "{0} s per jugar", "es": "{0} s para jugar"},
    "timed_out": {"en": "{0} ran out of time: a bot moved", "ca": "a {0} se li ha acabat el temps: ha jugat un bot",
                  "es": "a {0} se le ha acabado el tiempo: ha jugado un bot"},
    # the table's own options on the create form
    "option_grace": {"en": "wait for a lost connection", "ca": "espera d'una connexió perduda",
                     "es": "espera de una conexión perdida"},
    "help_grace": {"en": "seconds a seat whose player lost the connection waits before a bot plays for them.",
                   "ca": "segons que un seient espera el jugador que ha perdut la connexió abans que hi jugui un bot.",
                   "es": "segundos que un asiento espera al jugador que ha perdido la conexión antes de que juegue un bot."},
    "option_move_clock": {"en": "clock per move", "ca": "rellotge per jugada", "es": "reloj por jugada"},
    "help_move_clock": {"en": "seconds each person has for a move before a bot plays it (0: no clock).",
                        "ca": "segons que té cada persona per jugar abans que jugui un bot (0: sense rellotge).",
                        "es": "segundos que tiene cada persona para jugar antes de que juegue un bot (0: sin reloj)."},
    "option_stand_in": {"en": "bot for an absent player", "ca": "bot per a un jugador absent",
                        "es": "bot para un jugador ausente"},
    "help_stand_in": {"en": "the bot that plays for a seat whose player is away or out of time.",
                      "ca": "el bot que juga per un seient el jugador del qual no hi és o no té temps.",
                      "es": "el bot que juega por un asiento cuyo jugador no está o no tiene tiempo."},
    "table_options": {"en": "Table", "ca": "Taula", "es": "Mesa"},
    # the spectator's picture (picture_from_dict)
    "spectator_table": {"en": "table", "ca": "taula", "es": "mesa"},
    "spectator_chain": {"en": "chain", "ca": "cadena", "es": "cadena"},
    "spectator_pile": {"en": "pile", "ca": "munt", "es": "montón"},
    "spectator_stack": {"en": "stack", "ca": "fitxes", "es": "fichas"},
    "spectator_seat": {"en": "seat {0}", "ca": "seient {0}", "es": "asiento {0}"},
    "spectator_open_pile": {"en": "open pile", "ca": "munt obert", "es": "montón abierto"},
    "spectator_you": {"en": "you (seat {0})", "ca": "tu (seient {0})", "es": "tú (asiento {0})"},
    "spectator_your_pile": {"en": "your pile", "ca": "el teu munt", "es": "tu montón"},
    "spectator_stock": {"en": "stock {0}", "ca": "baralla {0}", "es": "mazo {0}"},
    "spectator_to_play": {"en": "seat {0} to play", "ca": "juga el seient {0}", "es": "juega el asiento {0}"},
    "spectator_label": {"en": "the table", "ca": "la taula", "es": "la mesa"},
    # a preset's line when a table plays it with other options (Cacho plays a session)
    "line_cacho": {
        "en": "Cacho by the Spanish text of 1729: 20 counters each, fixed bets 1 and 2, the resto capped at the "
              "smallest stack; this table plays a session of {0} hands.",
        "ca": "Cacho segons el text castellà de 1729: 20 fitxes cadascú, apostes fixes d'1 i 2, el resto limitat a "
              "la pila més petita; aquesta taula juga una sessió de {0} mans.",
        "es": "Cacho según el texto castellano de 1729: 20 fichas cada uno, apuestas fijas de 1 y 2, el resto "
              "limitado al montón más pequeño; esta mesa juega una sesión de {0} manos."},
}))
"""Every word of the page that is not a game's, by key and language."""


def page_words() -> dict[str, dict[str, str]]:
    """The page's words by language and key, as ``/api/words`` sends them."""
    return {lang: {key: texts[lang] for key, texts in WORDS.entries.items()} for lang in LANGS}
