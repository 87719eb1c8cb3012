"""The menu: the games as cards, the chosen game's options, the two seats, who starts.

Every choice is remembered in the settings (per game) as soon as it is made, so the next run
opens where the class left off. Option widgets are built from the game's options dataclass with
the ranges its presenter gives (:mod:`game.ui.scenes.menu_options`); seat choosers list Human
and every player the registry offers for the game and variant, with that player's parameters
and a one-line description (:mod:`game.ui.scenes.menu_seats`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ai.registry import PlayerSpecError, players_for, resolve_spec
from game.rules.base import RulesError
from game.rules.registry import GameSetup, game_names, get_game, parse_options
from game.ui import text, widgets
from game.ui.boards import presenter_for
from game.ui.i18n import tr
from game.ui.scene import Scene
from game.ui.scenes import (
    layout_cache,
    menu_layout,
    menu_notice,
    menu_options,
    menu_pages,
    menu_seats,
)
from game.ui.scenes.dialogs import ListPopup, MessageDialog
from game.ui.scenes.match import HUMAN, Match, make_seat
from game.ui.scenes.menu_cards import GameCards
from game.ui.scenes.menu_entries import EXTRA_ENTRIES, TOOLS, more_entries, tr_label
from game.ui.scenes.menu_key import layout_key, layout_parts
from game.ui.scenes.menu_options import option_widgets
from game.ui.scenes.players import player_description
from game.ui.settings import FIRST_CHOICES, GameChoices
from game.ui.widgets import Button, Choice, Widget, draw_panel

if TYPE_CHECKING:
    from game.ui.app import App


#: Keys that choose the previous or next game.
GAME_STEP_KEYS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1}


class MenuScene(Scene):
    """The start screen."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        names = game_names()
        last = app.settings.last_game
        self.game = last if last in names else names[0]
        self.game_cards = GameCards(self._card_options)
        self.option_widgets: list[Widget] = []
        self.seat_widgets: list[list[Widget]] = [[], []]
        self.seat_desc: list[str] = ["", ""]
        self.panels: list[pygame.Rect] = []
        self.error: str | None = None
        #: Each seat's description text size (0: not shown, it does not fit whole).
        self.desc_px = [0, 0]
        #: The cards' height for the game's most demanding player, by what it depends on.
        self._cards_cache: dict[tuple[Any, ...], int] = {}
        self._layout = layout_cache.LayoutCache()
        #: Where each seat's description is drawn (empty: not shown).
        self.desc_rects = [pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)]
        #: The page shown at large text (see :mod:`menu_pages`): the game or a seat.
        self.page = menu_pages.PAGES[0]
        self.tabs = menu_pages.page_tabs(self.show_page, lambda: self.page)
        self.seat_lines = [menu_pages.SeatLine(self, seat) for seat in (0, 1)]
        core = [
            Button(lambda: tr("menu.rules"), self.open_rules),
            Button(lambda: tr("menu.settings"), self.open_settings),
            Button(lambda: tr("menu.quit"), self.ask_quit),
        ]
        entries = [Button(tr_label(key), self._opener(factory))
                   for key, factory in reversed(EXTRA_ENTRIES)]
        #: The header's buttons as laid out: every entry, or (large text) "More…" for the
        #: other screens' entries, so the app's title keeps its room.
        self.header_buttons = [*entries, *core]
        more = Button(lambda: tr("menu.more"), self.open_more)
        # Fewest (a true 200%): Rules and Quit go under "More…" too, Settings stays in view
        # (it sets the text size back).
        self._header_choices = (self.header_buttons, [more, *core], [more, core[1]])
        #: The entries "More…" lists when Rules or Quit are not in the header (label key:
        #: (description key, action)).
        self._core_entries = {"menu.rules": ("menu.more.rules", self.open_rules, core[0]),
                              "menu.quit": ("menu.more.quit", self.ask_quit, core[2])}
        self.first_choice = Choice(
            lambda: tr("menu.first"),
            [(c, tr_label(f"menu.first.{c}")) for c in FIRST_CHOICES],
            lambda: self.choices.first, self._set_first, self.open_choice, label_width=0.45)
        self.start_button = Button(lambda: tr("menu.start"), self.start, primary=True)
        self.rebuild()

    def _opener(self, factory: Callable[[App], Scene]) -> Callable[[], None]:
        return lambda: self.app.push(factory(self.app))

    @property
    def cards(self) -> list[tuple[str, pygame.Rect]]:
        """Each game's card: (game name, rectangle), as last laid out."""
        return self.game_cards.rects

    def _card_options(self, name: str) -> Any:
        """The options a game's card shows: the chosen game's current ones, the others'
        remembered ones."""
        if name == self.game:
            return self.options()
        return parse_options(get_game(name), self.app.settings.choices(name).options)

    # -- state ----------------------------------------------------------------------------------

    @property
    def choices(self) -> GameChoices:
        """The remembered choices of the selected game."""
        return self.app.settings.choices(self.game)

    def options(self) -> Any:
        """The selected game's validated options (the defaults if the stored ones are bad)."""
        info = get_game(self.game)
        try:
            return parse_options(info, self.choices.options)
        except (RulesError, ValueError, TypeError) as exc:
            self.error = tr("menu.bad_options", error=str(exc))
            self.choices.options = {}
            return info.options()

    def option_value(self, name: str) -> str:
        """The text of option ``name`` (stored, or the default)."""
        return menu_options.option_value(self.game, self.choices.options, name)

    def set_option(self, name: str, value: str) -> None:
        """Change an option, keeping it only if the rules accept the result."""
        info = get_game(self.game)
        trial = dict(self.choices.options)
        trial[name] = value
        try:
            parse_options(info, trial)
        except (RulesError, ValueError, TypeError) as exc:
            self.app.notify(tr("menu.bad_options", error=str(exc)))
            return
        before, was = list(self.choices.seats), self.options()
        self.choices.options = trial
        self.rebuild(was)
        menu_seats.say_changes(self, before)
        self.app.save_settings()

    def _set_first(self, value: Any) -> None:
        self.choices.first = str(value)
        self.app.save_settings()

    def select_game(self, name: str) -> None:
        """Make ``name`` the chosen game."""
        if name != self.game:
            self.app.play_sound("click")
        self.game = name
        self.app.settings.last_game = name
        self.error = None
        self.rebuild()
        self.app.save_settings()

    # -- widgets --------------------------------------------------------------------------------

    def rebuild(self, was: Any = None) -> None:
        """Recreate the option and seat widgets for the chosen game and its options (``was``:
        the options before, when they changed; see menu_seats.checked_spec)."""
        self.option_widgets = option_widgets(self.game, self.option_value, self.set_option,
                                             self.open_choice)
        self.option_widgets += [Button(tr_label(TOOLS[tool][0]), self._opener(TOOLS[tool][1]))
                                for tool in presenter_for(self.game).tools]
        options = self.options()
        for seat in (0, 1):
            self.choices.seats[seat] = menu_seats.checked_spec(self.choices.seats[seat],
                                                               seat, self.game, options, was)
            self.seat_widgets[seat], self.seat_desc[seat] = menu_seats.seat_widgets(
                self, seat, options)

    def _set_seat(self, seat: int, name: Any) -> None:
        """Put player ``name`` (or Human) in ``seat``, with its default parameters."""
        name = str(name)
        if name == self.choices.seats[seat].split(":", 1)[0]:
            return
        if name == HUMAN:
            self.choices.seats[seat] = HUMAN
        else:
            try:
                info, values = resolve_spec(name, self.game, self.options())
            except PlayerSpecError as exc:
                self.app.notify(str(exc))
                return
            self.choices.seats[seat] = info.canonical_spec(values)
        self.rebuild()
        self.app.save_settings()

    def pages(self) -> tuple[str, ...]:
        """The pages the menu shows one at a time at its size (none: all on one screen)."""
        return menu_pages.PAGES if menu_pages.is_paged(self.app.size, self.app.metrics) else ()

    def show_page(self, page: str) -> None:
        """Show ``page`` (at large text: the game or a seat)."""
        self.page = page

    # -- actions --------------------------------------------------------------------------------

    def open_choice(self, choice: Choice) -> None:
        """Show a choice's values as a list (seat players with their descriptions)."""
        descriptions: dict[Any, str] = getattr(choice, "descriptions", {})
        items = [(value, label(), descriptions.get(value, "")) for value, label in choice.items]
        title = choice.label() or tr("menu.choose_player")
        self.app.push(ListPopup(self.app, title, items, choice.get(), choice.set))

    def open_more(self) -> None:
        """The other screens' entries (the header shows them under "More…" at large text),
        each with what it is for."""
        items, actions = more_entries(self._opener, self._core_entries, self.header_buttons)
        self.app.push(ListPopup(self.app, tr("menu.more_title"), items, None,
                                lambda key: actions[key]()))

    def open_rules(self) -> None:
        """The rules page of the chosen game, its picture with the chosen options (a class set
        up for Marienbad saw one heap of 20: QA S12 46)."""
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game, self.options()))

    def open_settings(self) -> None:
        """The settings screen."""
        from game.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def ask_quit(self) -> None:
        """Confirm, then close the app (Cancel first where the lab's learner is unsaved)."""
        from game.ui.scenes.lab_ntuple_files import unsaved_note

        note = unsaved_note(self.app)  # either lab's work, QA S12 42 (S13: the n-tuple lab's)
        self.app.push(MessageDialog(self.app, tr("menu.quit_title"), tr("menu.quit_text") + note, [
            (lambda: tr("menu.quit"), self._quit),
            (lambda: tr("dialog.cancel"), lambda: None),
        ], primary=1 if note else 0))

    def _quit(self) -> None:
        self.app.running = False

    def start(self) -> None:
        """Start the chosen game with the chosen seats."""
        options = self.options()
        try:
            setup = GameSetup.of(self.game, options)
            seats = (make_seat(self.choices.seats[0], setup),
                     make_seat(self.choices.seats[1], setup))
        except (PlayerSpecError, RulesError, ValueError) as exc:
            self.app.notify(str(exc))
            return
        from game.ui.scenes.play import PlayScene

        self.app.save_settings()
        match = Match(setup, seats, self.choices.first)
        self.app.replace(PlayScene(self.app, match))

    # -- frame ----------------------------------------------------------------------------------

    def all_widgets(self) -> list[Widget]:
        """Every widget of the screen, in event order."""
        return [*self.header_buttons, *self.option_widgets, *self.seat_widgets[0],
                *self.seat_widgets[1], self.first_choice, *self.seat_lines, *self.tabs,
                self.start_button]

    def on_settings_changed(self) -> None:
        self.game_cards.clear()
        self.rebuild()

    def notice_area(self) -> pygame.Rect | None:
        """Notices go where they cover no control (see :mod:`menu_notice`)."""
        return menu_notice.notice_area(self)

    def handle(self, event: pygame.event.Event) -> None:
        self.layout()
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not (
                    event.mod & pygame.KMOD_ALT):
                self.start()
            elif event.key == pygame.K_ESCAPE:
                self.ask_quit()
            elif event.key in GAME_STEP_KEYS:
                # Up and Down too: the games are listed one under the other (QA: the arrows
                # seemed to do nothing).
                names = game_names()
                step = GAME_STEP_KEYS[event.key]
                self.select_game(names[(names.index(self.game) + step) % len(names)])
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.game_cards.hit(event.pos)
            if hit is not None:
                self.select_game(hit)
                return
        widgets.handle_all(self.all_widgets(), event)

    def layout(self) -> None:
        """Place the cards, panels and widgets for the current window size (only when an input
        of the layout changed: see :func:`~game.ui.scenes.menu_key.layout_key`)."""
        self._layout.run(layout_key(self), self._place, lambda: layout_parts(self))

    def _place(self) -> None:
        w, h = self.app.size
        m = self.app.metrics
        pad = m.pad
        bh = int(m.body * 2.0)
        header_h = menu_layout.header_height(m, h, bh)
        self.header_buttons = menu_layout.choose_header(*self._header_choices, w, m, header_h, bh)
        # Footer.
        footer_h = int(m.body * menu_layout.FOOTER)
        footer_top = h - pad * 2 - footer_h
        self.start_button.place(pygame.Rect(w - pad * 2 - int(w * 0.22), footer_top,
                                            int(w * 0.22), footer_h), m.heading)
        top = pad + header_h + pad
        paged = bool(self.pages())
        for tab in (*self.tabs, *self.seat_lines):
            tab.visible = paged
        if paged:
            menu_pages.place_tabs(self.tabs, pygame.Rect(pad * 2, footer_top, w, footer_h),
                                  self.start_button.rect, m)
            area = pygame.Rect(pad * 2, top, w - pad * 4, footer_top - pad * 2 - top)
            if self.page == "game":
                menu_pages.place_game_page(self, area)
            else:
                menu_pages.place_seat_page(self, menu_pages.PAGES.index(self.page) - 1, area)
            return
        self.first_choice.visible = True
        self.first_choice.place(pygame.Rect(pad * 3, footer_top + (footer_h - bh) // 2,
                                            int(w * 0.5), bh), m.body)
        # Cards: 30% of the height, less when the panels need it (large text, a player with
        # four parameters), so that no option or parameter is hidden and the descriptions
        # show whole; as high for every player of the game, so that choosing another does
        # not move the seat choosers (seat 2's moved 14-57 px at 1920x1080 in French).
        widths = menu_layout.panel_widths(w - pad * 4 - pad * 4)
        room = footer_top - pad * 2 - (top + pad * 2)
        cards_h = self._cards_height(widths, room)
        sizes = [menu_layout.description_px(self.seat_desc[seat], widths[1 + seat],
                                            len(self.seat_widgets[seat]) - 1, m,
                                            room - cards_h)
                 for seat in (0, 1)]
        self.desc_px = [sizes[0][0], sizes[1][0]]
        menu_layout.let_labels_shrink(self.seat_widgets, None)
        for _attempt in range(12):
            self._place_body(top, footer_top - pad * 2, widths, cards_h)
            # A parameter's label cut (its row too low for two lines): its description takes
            # a smaller size or gives way.
            cut = [seat for seat in (0, 1)
                   if not all(wdg.label_fits() for wdg in self.seat_widgets[seat][1:])]
            if not any(self.desc_px[seat] for seat in cut):
                return
            for seat in cut:
                if self.desc_px[seat]:
                    smaller = sizes[seat][sizes[seat].index(self.desc_px[seat]) + 1]
                    # Its labels to the readable size before the description goes.
                    if smaller or not menu_layout.let_labels_shrink(self.seat_widgets, seat, m):
                        self.desc_px[seat] = smaller

    def _cards_height(self, widths: list[int], room: int) -> int:
        """The cards' height: what the panels leave with the game's most demanding player
        (cached: the same for every player of the game)."""
        m = self.app.metrics
        key = (self.game, tuple(widths), room, m, tr("menu.seat", n=1),
               repr(sorted(self.choices.options.items())))
        if key not in self._cards_cache:
            players = [(tr("seat.human_desc"), 0)] + [
                (player_description(info), len(info.params))
                for info in players_for(self.game, self.options())]
            need = max(menu_layout.options_need(len(self.option_widgets), m),
                       menu_layout.players_need(players, max(widths[1:]), m,
                                                room - menu_layout.least_cards(m)))
            self._cards_cache = {key: max(menu_layout.least_cards(m),
                                          min(int(self.app.size[1] * 0.30), room - need))}
        return self._cards_cache[key]

    def _place_body(self, top: int, bottom: int, widths: list[int], cards_h: int) -> None:
        """Place the cards from ``top`` and the three panels down to ``bottom``."""
        w, _h = self.app.size
        m = self.app.metrics
        pad = m.pad
        gap = pad * 2
        self.game_cards.place(pad * 2, top, w - pad * 4, cards_h, gap)
        # Panels: options | seat 1 | seat 2.
        ptop = top + cards_h + pad * 2
        x = pad * 2
        self.panels = []
        for pw in widths:
            self.panels.append(pygame.Rect(x, ptop, pw, bottom - ptop))
            x += pw + gap
        row_h = int(m.body * menu_layout.ROW)
        self._stack(self.option_widgets, self.panels[0], m, int(m.heading * 1.4))
        for seat in (0, 1):
            panel = self.panels[1 + seat]
            chooser, params = self.seat_widgets[seat][0], self.seat_widgets[seat][1:]
            head = panel.top + pad + int(m.heading * 1.4)
            chooser.visible = True
            chooser.place(pygame.Rect(panel.left + pad * 2, head,
                                      panel.width - pad * 3, row_h), m.body)
            # Parameters come first: a description that does not fit whole is left out.
            px = self.desc_px[seat]
            lines = self._normal_description_room(seat)
            self.desc_rects[seat] = pygame.Rect(chooser.rect.left, chooser.rect.bottom + pad // 2,
                                                chooser.rect.width,
                                                text.font(px).get_linesize() * lines if px else 0)
            desc_h = self.desc_rects[seat].height + pad
            self._stack(params, pygame.Rect(panel.left, head + row_h + desc_h, panel.width,
                                            panel.bottom - (head + row_h + desc_h)), m, 0)

    def _stack(self, items: list[Widget], panel: pygame.Rect, m: widgets.Metrics,
               heading: int) -> None:
        """Place widgets one per row in ``panel`` under ``heading`` pixels (rows shrink to
        fit; extra ones are hidden)."""
        top = panel.top + m.pad + heading
        menu_pages.stack(items, pygame.Rect(panel.left + m.pad * 2, top, panel.width - m.pad * 3,
                                            panel.bottom - top - m.pad), m.body, m,
                         shown_to=panel.bottom)

    def description_room(self, seat: int) -> int:
        """How many lines of its player's description the seat shows (0: left out)."""
        px = self.desc_px[seat]
        return self.desc_rects[seat].height // text.font(px).get_linesize() if px else 0

    def _normal_description_room(self, seat: int) -> int:
        """How many lines the seat panel gives its player's description: all it needs when
        the panel holds them above the parameters' rows (at their least height), else none:
        at large text a description cut after a few words ("Learns a value per mov…") told
        nothing and took a parameter's room; the player list shows it whole."""
        px = self.desc_px[seat]
        if len(self.panels) < 3 or not px:
            return 0
        m = self.app.metrics
        params = len(self.seat_widgets[seat]) - 1
        panel = self.panels[1 + seat]
        top = panel.top + m.pad + int(m.heading * 1.4) + int(m.body * menu_layout.ROW) + m.pad
        free = panel.bottom - top - int(m.body * menu_layout.LEAST_ROW) * params - m.pad
        fits = free // text.font(px).get_linesize()
        needed = self.description_lines(seat)
        return needed if needed <= fits else 0

    def description_lines(self, seat: int) -> int:
        """How many lines the seat's player description needs at its size and width."""
        px = self.desc_px[seat] or self.app.metrics.small
        width = (self.desc_rects[seat].width if self.pages()
                 else self.seat_widgets[seat][0].rect.width)
        return len(text.wrap(self.seat_desc[seat], width, px))

    def draw(self, surface: pygame.Surface) -> None:
        self.layout()
        theme = self.app.theme
        m = self.app.metrics
        w, _h = self.app.size
        pad = m.pad
        header_h = menu_layout.header_height(m, self.app.size[1], int(m.body * 2.0))
        # The header leaves the title its room at the heading size at least (see
        # menu_layout.choose_header).
        title_rect = text.blit_text(surface, tr("app.title"), m.title, theme.accent,
                                    (pad * 2, pad + header_h // 2), "midleft", bold=True,
                                    max_width=menu_layout.title_room(self.header_buttons, m),
                                    min_px=m.heading)
        sub_x = title_rect.right + pad
        avail = menu_layout.buttons_left(self.header_buttons) - sub_x - pad * 2
        if avail > text.size(tr("app.tagline"), m.small)[0]:
            text.blit_text(surface, tr("app.tagline"), m.small, theme.text_muted,
                           (sub_x, pad + header_h // 2 + m.title // 4), "bottomleft",
                           max_width=avail)
        self.game_cards.draw(surface, self.game, widgets.mouse(), theme, m)
        titles = (tr("menu.options"), tr("menu.seat", n=1), tr("menu.seat", n=2))
        for i, panel in enumerate(self.panels):
            if not panel.width:
                continue  # another page's (large text)
            draw_panel(surface, panel, theme, m.radius)
            if not i and self.pages():
                continue  # the game page: who plays heads it (see menu_pages.SeatLine)
            # A seat's page: the title beside its chooser, on the first row.
            at, anchor = (((panel.left + pad * 2, self.seat_widgets[i - 1][0].rect.centery),
                           "midleft") if i and self.pages()
                          else ((panel.left + pad * 2, panel.top + pad), "topleft"))
            text.blit_text(surface, titles[i], m.heading, theme.accent, at, anchor, bold=True,
                           max_width=panel.width - pad * 4)
        for seat in (0, 1):
            desc_rect = self.desc_rects[seat]
            if desc_rect.height > 0 and self.desc_px[seat]:
                text.blit_wrapped(surface, self.seat_desc[seat], self.desc_px[seat],
                                  theme.text_muted,
                                  desc_rect, line_gap=0.0, max_lines=self.description_room(seat))
        if not self.option_widgets and self.panels[0].width:
            text.blit_text(surface, tr("menu.no_options"), m.body, theme.text_muted,
                           (self.panels[0].left + pad * 2, self.seat_lines[1].rect.bottom + pad
                            if self.pages() else self.panels[0].top + pad + int(m.heading * 1.6)))
        widgets.draw_all(self.all_widgets(), surface, theme)
        if self.error:
            text.blit_text(surface, self.error, m.small, theme.danger,
                           (w // 2, self.start_button.rect.top - pad // 2), "midbottom",
                           max_width=int(w * 0.9))
