/*
 * Stand-in sportsbook provider SDK, served by the sandbox at /sportsbook/sdk.js.
 *
 * Same surface as the real provider's widget SDK (a global object):
 *   init({integration, culture, theme, token, numberFormat}) -> Promise
 *   set({token?, culture?, theme?})
 *   addSportsBook({container, route, onNavigate, onSignIn, onTokenExpired})
 *     (called again on the same container, it navigates the mounted book without reporting)
 *   addWidget({container, type: "topEvents" | "liveNow", count, onNavigate})
 *   remove(container?)  (one container, or everything)
 * A route is {page, sportId, categories: [{id, name}], championships: [{id, name}],
 * event: {id, name} | null}. Data comes from the sandbox's own feed; bets are placed with the
 * start-game token. No external address anywhere: everything is relative to this script.
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var BASE = script && script.src ? new URL(".", script.src).href : "/sportsbook/";
  var API = BASE + "api/";
  var REFRESH_MS = 10000;

  var TEXT = {
    "en-GB": {
      sports: "Sports", overview: "Top events", live: "Live", esports: "Esports", virtual: "Virtual",
      results: "Results", resultDetails: "Result details", search: "Search", betHistory: "My bets",
      history: "History", settings: "Settings", liveNow: "Live now", topEvents: "Top events",
      slip: "Bet slip", stake: "Stake", place: "Place bet", close: "Close bet slip",
      signIn: "Sign in to bet", signInHistory: "Sign in to see your bets", placed: "Bet placed",
      potential: "Potential win", noEvents: "No events here right now.",
      noResults: "No settled events yet.", noVirtual: "No virtual events right now.",
      noBets: "No bets yet.", searchLabel: "Find an event", account: "Bets from your {c} account",
      balance: "Balance", renewed: "Your betting session was renewed: placing the bet again.",
      failed: "The bet was not placed.", loading: "Loading…", culture: "Language",
      odds: "Odds format", decimal: "Decimal", theme: "Theme", all: "All",
      championships: "Championships", open: "Open"
    },
    "es-ES": {
      sports: "Deportes", overview: "Eventos destacados", live: "En vivo", esports: "Esports",
      virtual: "Virtuales", results: "Resultados", resultDetails: "Detalle", search: "Buscar",
      betHistory: "Mis apuestas", history: "Historial", settings: "Ajustes", liveNow: "En vivo ahora",
      topEvents: "Eventos destacados", slip: "Boleto", stake: "Importe", place: "Apostar",
      close: "Cerrar boleto", signIn: "Inicia sesión para apostar",
      signInHistory: "Inicia sesión para ver tus apuestas", placed: "Apuesta realizada",
      potential: "Ganancia posible", noEvents: "No hay eventos ahora.",
      noResults: "Aún no hay eventos liquidados.", noVirtual: "No hay eventos virtuales ahora.",
      noBets: "Aún no hay apuestas.", searchLabel: "Buscar un evento",
      account: "Apuestas desde tu cuenta {c}", balance: "Saldo",
      renewed: "Tu sesión de apuestas se renovó: apostando de nuevo.",
      failed: "La apuesta no se realizó.", loading: "Cargando…", culture: "Idioma",
      odds: "Formato de cuotas", decimal: "Decimal", theme: "Tema", all: "Todos",
      championships: "Campeonatos", open: "Abierta"
    }
  };
  var PAGES = ["overview", "live", "esports", "virtual", "results", "search", "betHistory", "settings"];
  var ESPORTS = 145;

  var S = {
    initiated: false,
    opts: { integration: "", culture: "en-GB", theme: "dark", token: "", numberFormat: { decimal: "." } },
    feed: null,
    feedAt: 0,
    books: [],
    widgets: [],
    timer: null
  };

  function t(key) {
    var dict = TEXT[S.opts.culture] || TEXT["en-GB"];
    return dict[key] || TEXT["en-GB"][key] || key;
  }

  function num(text) {
    var sep = (S.opts.numberFormat && S.opts.numberFormat.decimal) || ".";
    return String(text).replace(".", sep);
  }

  function h(tag, attrs) {
    var el = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === "text") el.textContent = v;
        else if (k.slice(0, 2) === "on") el.addEventListener(k.slice(2), v);
        else el.setAttribute(k, v === true ? "" : v);
      });
    }
    for (var i = 2; i < arguments.length; i++) {
      var c = arguments[i];
      if (c === null || c === undefined || c === false) continue;
      if (Array.isArray(c)) c.forEach(function (x) { if (x) el.appendChild(x); });
      else el.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    }
    return el;
  }

  function api(path, method, body) {
    var headers = { "Content-Type": "application/json" };
    if (S.opts.token) headers.Authorization = "Bearer " + S.opts.token;
    return fetch(API + path, {
      method: method || "GET",
      headers: headers,
      credentials: "omit",
      body: body ? JSON.stringify(body) : undefined
    }).then(function (r) {
      return r.text().then(function (txt) {
        var data = null;
        try { data = txt ? JSON.parse(txt) : null; } catch (e) { data = null; }
        return { status: r.status, ok: r.ok, data: data };
      });
    });
  }

  function loadFeed() {
    return api("feed").then(function (r) {
      if (!r.ok || !r.data) throw new Error("sportsbook feed: " + r.status);
      S.feed = r.data;
      S.feedAt = Date.now();
      S.books.forEach(function (b) { renderMain(b); });
      S.widgets.forEach(renderWidget);
    });
  }

  function ensureTimer() {
    if (S.timer || !(S.books.length || S.widgets.length)) return;
    S.timer = setInterval(function () {
      if (document.visibilityState === "hidden") return;
      loadFeed().catch(function (e) { console.warn(String(e)); });
    }, REFRESH_MS);
  }

  function stopTimerIfIdle() {
    if (S.timer && !S.books.length && !S.widgets.length) {
      clearInterval(S.timer);
      S.timer = null;
    }
  }

  var STYLE = [
    ".sbw{--sbw-bg:#161a2e;--sbw-bg2:#1e2340;--sbw-line:#2d3358;--sbw-text:#eef0ff;--sbw-muted:#aab0d6;--sbw-accent:#ffd24a;--sbw-accent-text:#1a1400;--sbw-live:#ff6b6b;",
    "font:14px/1.4 system-ui,sans-serif;color:var(--sbw-text);background:var(--sbw-bg);border:1px solid var(--sbw-line);border-radius:14px;padding:12px;position:relative;box-sizing:border-box;max-width:100%}",
    ".sbw[data-theme=light]{--sbw-bg:#ffffff;--sbw-bg2:#f1f3fb;--sbw-line:#d5d9ec;--sbw-text:#121530;--sbw-muted:#4a5070;--sbw-accent:#1d4ed8;--sbw-accent-text:#fff;--sbw-live:#b42318}",
    ".sbw *{box-sizing:border-box}",
    ".sbw button{font:inherit;color:inherit;cursor:pointer}",
    ".sbw-tabs,.sbw-chips,.sbw-carousel,.sbw-side{scrollbar-width:thin;scrollbar-color:var(--sbw-line) transparent}",
    ".sbw-tabs,.sbw-chips{display:flex;gap:6px;overflow-x:auto;padding-bottom:6px;margin:0 0 6px;list-style:none;padding-left:0}",
    ".sbw-tab,.sbw-chip{white-space:nowrap;border:1px solid var(--sbw-line);background:var(--sbw-bg2);border-radius:999px;padding:6px 12px;min-height:36px}",
    ".sbw-tab[aria-current=page],.sbw-chip[aria-current=page]{background:var(--sbw-accent);color:var(--sbw-accent-text);border-color:var(--sbw-accent)}",
    ".sbw-body{display:grid;grid-template-columns:220px minmax(0,1fr);gap:12px}",
    ".sbw-body>*,.sbw-main{min-width:0}",
    ".sbw-side{display:flex;flex-direction:column;gap:4px}",
    ".sbw-side>div{display:flex;flex-direction:column;gap:2px}",
    ".sbw-side h3{margin:8px 0 4px;font-size:13px;color:var(--sbw-muted);text-transform:uppercase;letter-spacing:.04em}",
    ".sbw-link{background:none;border:0;text-align:left;padding:6px 8px;border-radius:8px;min-height:32px}",
    ".sbw-link[aria-current=page]{background:var(--sbw-bg2);color:var(--sbw-accent);border-color:var(--sbw-accent)}",
    ".sbw-main h2{margin:4px 0 10px;font-size:18px}",
    ".sbw-crumbs{color:var(--sbw-muted);font-size:13px;margin:0 0 6px}",
    ".sbw-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:6px}",
    ".sbw-row{display:grid;grid-template-columns:86px 1fr auto;gap:8px;align-items:center;background:var(--sbw-bg2);border-radius:10px;padding:8px 10px}",
    "@media (max-width:520px){.sbw-row{grid-template-columns:1fr;}}",
    ".sbw-when{font-size:12px;color:var(--sbw-muted)}",
    ".sbw-live{color:var(--sbw-live);font-weight:700}",
    ".sbw-name{background:none;border:0;text-align:left;padding:0;font-weight:600;min-height:24px}",
    ".sbw-odds{display:flex;gap:6px}",
    ".sbw-odd{min-width:64px;min-height:40px;border:1px solid var(--sbw-line);background:var(--sbw-bg);border-radius:8px;padding:4px 8px;display:flex;flex-direction:column;align-items:center}",
    ".sbw-odd small{color:var(--sbw-muted);font-size:11px}",
    ".sbw-odd b{color:var(--sbw-accent)}",
    ".sbw-odd[aria-pressed=true]{border-color:var(--sbw-accent)}",
    ".sbw-empty{color:var(--sbw-muted);padding:16px 0}",
    ".sbw-score{font-size:28px;font-weight:800;margin:8px 0}",
    ".sbw-slip{position:sticky;bottom:var(--sbw-bottom,0);margin-top:12px;background:var(--sbw-bg2);border:1px solid var(--sbw-accent);border-radius:12px;padding:12px;display:flex;flex-direction:column;gap:8px}",
    ".sbw-slip h3{margin:0;font-size:15px;display:flex;justify-content:space-between;align-items:center}",
    ".sbw-slip label{display:flex;flex-direction:column;gap:4px;font-size:13px;color:var(--sbw-muted)}",
    ".sbw-slip input,.sbw-search input{height:40px;border-radius:8px;border:1px solid var(--sbw-line);background:var(--sbw-bg);color:var(--sbw-text);padding:0 10px;font:inherit}",
    ".sbw-primary{background:var(--sbw-accent);color:var(--sbw-accent-text)!important;border:0;border-radius:10px;min-height:42px;font-weight:700}",
    ".sbw-x{background:none;border:0;min-width:32px;min-height:32px;font-size:18px}",
    ".sbw-msg{font-size:13px}",
    ".sbw-msg[data-kind=error]{color:var(--sbw-live)}",
    ".sbw-search{display:flex;flex-direction:column;gap:4px;margin-bottom:10px}",
    ".sbw-carousel{display:flex;gap:10px;overflow-x:auto;padding:2px 2px 8px;list-style:none;margin:0;scroll-snap-type:x mandatory}",
    ".sbw-carousel>li{flex:0 0 220px;display:flex}",
    ".sbw-card{flex:1;width:100%;scroll-snap-align:start;background:var(--sbw-bg2);border:1px solid var(--sbw-line);border-radius:12px;padding:10px;text-align:left;display:flex;flex-direction:column;gap:4px;min-height:96px}",
    ".sbw-card .sbw-when{display:flex;justify-content:space-between}",
    ".sbw-w h2{margin:0 0 8px;font-size:16px}",
    ".sbw-bets td,.sbw-bets th{text-align:left;padding:6px 8px;border-bottom:1px solid var(--sbw-line);font-size:13px}",
    ".sbw-bets{width:100%;border-collapse:collapse}",
    /* Small screens: one column, the championships as a scrolling row (last: it overrides). */
    "@media (max-width:720px){.sbw-body{grid-template-columns:minmax(0,1fr)}.sbw-side{flex-direction:row;overflow-x:auto;padding-bottom:6px}.sbw-side>div{display:contents}.sbw-side h3{margin:0}.sbw-side .sbw-link{white-space:nowrap;border:1px solid var(--sbw-line);border-radius:999px;padding:6px 12px}.sbw-side h3 .sbw-link{color:var(--sbw-muted);text-transform:none;letter-spacing:0;font-size:14px}}"
  ].join("\n");

  function injectStyle() {
    if (document.getElementById("sbw-style")) return;
    var st = document.createElement("style");
    st.id = "sbw-style";
    st.textContent = STYLE;
    document.head.appendChild(st);
  }

  function events() {
    return (S.feed && S.feed.events) || [];
  }

  function clock(sec) {
    var d = new Date(sec * 1000);
    var p = function (n) { return (n < 10 ? "0" : "") + n; };
    return p(d.getDate()) + "." + p(d.getMonth() + 1) + " " + p(d.getHours()) + ":" + p(d.getMinutes());
  }

  function normRoute(r) {
    r = r || {};
    return {
      page: PAGES.indexOf(r.page) >= 0 || ["resultDetails", "history"].indexOf(r.page) >= 0 ? r.page : "overview",
      sportId: typeof r.sportId === "number" ? r.sportId : null,
      categories: Array.isArray(r.categories) ? r.categories.slice() : [],
      championships: Array.isArray(r.championships) ? r.championships.slice() : [],
      event: r.event && typeof r.event.id === "number" ? { id: r.event.id, name: r.event.name || "" } : null
    };
  }

  function eventRoute(e) {
    return {
      page: "overview",
      sportId: e.sport.id,
      categories: [{ id: e.category.id, name: e.category.name }],
      championships: [{ id: e.championship.id, name: e.championship.name }],
      event: { id: e.id, name: e.name }
    };
  }

  /* Navigation inside the book: render, then tell the host (it writes the address). */
  function go(book, route) {
    book.route = normRoute(route);
    renderChrome(book);
    renderMain(book);
    if (typeof book.onNavigate === "function") {
      try { book.onNavigate(JSON.parse(JSON.stringify(book.route))); } catch (e) { console.error(e); }
    }
  }

  function renderChrome(book) {
    var r = book.route;
    var tabs = h("ul", { class: "sbw-tabs", role: "list" }, PAGES.map(function (p) {
      var current = r.page === p || (p === "betHistory" && r.page === "history") ||
        (p === "results" && r.page === "resultDetails");
      return h("li", null, h("button", {
        type: "button", class: "sbw-tab", "aria-current": current ? "page" : null,
        "data-page": p,
        onclick: function () { go(book, { page: p, sportId: p === "esports" ? ESPORTS : null }); }
      }, t(p)));
    }));
    var seen = {};
    var sports = [];
    events().forEach(function (e) {
      if (e.sport.id !== ESPORTS && !seen[e.sport.id]) { seen[e.sport.id] = 1; sports.push(e.sport); }
    });
    var chips = h("ul", { class: "sbw-chips", role: "list", "aria-label": t("sports") }, sports.map(function (s) {
      return h("li", null, h("button", {
        type: "button", class: "sbw-chip", "data-sport": s.id,
        "aria-current": r.page === "overview" && r.sportId === s.id ? "page" : null,
        onclick: function () { go(book, { page: "overview", sportId: s.id }); }
      }, s.name));
    }));
    book.nav.replaceChildren(tabs, chips);
  }

  /* Outcomes in the usual order: home, draw, away. */
  function outcomes(e) {
    return Object.keys(e.odds).sort(function (a, b) {
      return ["1", "X", "2"].indexOf(a) - ["1", "X", "2"].indexOf(b);
    });
  }

  function oddsButtons(book, e) {
    return h("div", { class: "sbw-odds" }, outcomes(e).map(function (o) {
      var picked = book.slip && book.slip.event.id === e.id && book.slip.outcome === o;
      return h("button", {
        type: "button", class: "sbw-odd", "aria-pressed": picked ? "true" : "false",
        "aria-label": e.name + ": " + o + " @ " + num(e.odds[o]),
        "data-outcome": o,
        onclick: function () { openSlip(book, e, o); }
      }, h("small", { text: o }), h("b", { text: num(e.odds[o]) }));
    }));
  }

  function eventRow(book, e) {
    var when = e.live
      ? h("span", { class: "sbw-when" }, h("span", { class: "sbw-live", text: t("live") + " " + e.minute + "'" }),
        " " + (e.score ? e.score[0] + ":" + e.score[1] : ""))
      : h("span", { class: "sbw-when", text: clock(e.startsAt) });
    return h("li", { class: "sbw-row", "data-event": e.id }, when,
      h("button", { type: "button", class: "sbw-name", onclick: function () { go(book, eventRoute(e)); } }, e.name),
      oddsButtons(book, e));
  }

  function list(book, evs, empty) {
    if (!evs.length) return h("p", { class: "sbw-empty", text: empty || t("noEvents") });
    return h("ul", { class: "sbw-list" }, evs.map(function (e) { return eventRow(book, e); }));
  }

  function sidebar(book, sportId) {
    var r = book.route;
    var cats = [];
    events().forEach(function (e) {
      if (e.sport.id !== sportId) return;
      var c = cats.filter(function (x) { return x.id === e.category.id; })[0];
      if (!c) { c = { id: e.category.id, name: e.category.name, champs: [] }; cats.push(c); }
      if (!c.champs.some(function (x) { return x.id === e.championship.id; })) c.champs.push(e.championship);
    });
    var selected = function (items, id) { return items.some(function (x) { return x.id === id; }); };
    return h("nav", { class: "sbw-side", "aria-label": t("championships") },
      h("button", {
        type: "button", class: "sbw-link",
        "aria-current": !r.categories.length && !r.event ? "page" : null,
        onclick: function () { go(book, { page: r.page, sportId: sportId }); }
      }, t("all")),
      cats.map(function (c) {
        return h("div", null,
          h("h3", null, h("button", {
            type: "button", class: "sbw-link", "data-category": c.id,
            "aria-current": selected(r.categories, c.id) && !r.championships.length ? "page" : null,
            onclick: function () { go(book, { page: r.page, sportId: sportId, categories: [{ id: c.id, name: c.name }] }); }
          }, c.name)),
          c.champs.map(function (ch) {
            return h("button", {
              type: "button", class: "sbw-link", "data-championship": ch.id,
              "aria-current": selected(r.championships, ch.id) && !r.event ? "page" : null,
              onclick: function () {
                go(book, {
                  page: r.page, sportId: sportId, categories: [{ id: c.id, name: c.name }],
                  championships: [{ id: ch.id, name: ch.name }]
                });
              }
            }, ch.name);
          }));
      }));
  }

  function filtered(r) {
    return events().filter(function (e) {
      if (r.sportId !== null && e.sport.id !== r.sportId) return false;
      if (r.categories.length && !r.categories.some(function (c) { return c.id === e.category.id; })) return false;
      if (r.championships.length && !r.championships.some(function (c) { return c.id === e.championship.id; })) return false;
      return true;
    });
  }

  function eventPage(book, id) {
    var e = events().filter(function (x) { return x.id === id; })[0];
    if (!e) return h("p", { class: "sbw-empty", text: t("noEvents") });
    return h("section", { "data-event-page": e.id },
      h("p", { class: "sbw-crumbs", text: e.sport.name + " · " + e.category.name + " · " + e.championship.name }),
      h("h2", { text: e.name }),
      e.live ? h("p", { class: "sbw-score" }, h("span", { class: "sbw-live", text: e.minute + "' " }),
        e.score[0] + " : " + e.score[1]) : h("p", { class: "sbw-when", text: clock(e.startsAt) }),
      oddsButtons(book, e));
  }

  function betsPage(book) {
    var box = h("section", null, h("h2", { text: t("betHistory") }));
    if (!S.opts.token) {
      box.appendChild(h("p", { class: "sbw-empty", text: t("signInHistory") }));
      box.appendChild(h("button", { type: "button", class: "sbw-primary", onclick: function () { askSignIn(book); } }, t("signIn")));
      return box;
    }
    var holder = h("div", { "aria-live": "polite" }, h("p", { class: "sbw-empty", text: t("loading") }));
    box.appendChild(holder);
    api("bets").then(function (r) {
      if (r.status === 401) { tokenExpired(book); return; }
      var bets = (r.ok && Array.isArray(r.data)) ? r.data : [];
      if (!bets.length) { holder.replaceChildren(h("p", { class: "sbw-empty", text: t("noBets") })); return; }
      holder.replaceChildren(h("table", { class: "sbw-bets" },
        h("thead", null, h("tr", null, ["#", "", "", t("stake"), t("potential")].map(function (c) { return h("th", { scope: "col", text: c }); }))),
        h("tbody", null, bets.map(function (b) {
          return h("tr", { "data-bet": b.id },
            h("td", { text: String(b.id) }), h("td", { text: b.eventName }),
            h("td", { text: b.outcome + " @ " + num(b.odds) }),
            h("td", { text: num(b.stake) + " " + b.currency }),
            h("td", { text: num(b.potentialWin) + " " + b.currency }));
        }))));
    });
    return box;
  }

  function searchPage(book) {
    var results = h("div", { "aria-live": "polite" });
    var input = h("input", {
      type: "search", id: book.uid + "-q", autocomplete: "off",
      oninput: function () {
        var q = input.value.trim().toLowerCase();
        book.query = input.value;
        var found = q.length < 2 ? [] : events().filter(function (e) {
          return [e.name, e.championship.name, e.category.name, e.sport.name].some(function (s) {
            return s.toLowerCase().indexOf(q) >= 0;
          });
        });
        results.replaceChildren(q.length < 2 ? h("span") : list(book, found));
      }
    });
    input.value = book.query || "";
    var box = h("section", null, h("h2", { text: t("search") }),
      h("div", { class: "sbw-search" }, h("label", { for: book.uid + "-q", text: t("searchLabel") }), input), results);
    if (input.value) input.dispatchEvent(new Event("input"));
    return box;
  }

  function renderMain(book) {
    if (!book.main) return;
    var r = book.route;
    var content;
    if (!S.feed) {
      content = h("p", { class: "sbw-empty", text: t("loading") });
    } else if (r.event) {
      content = eventPage(book, r.event.id);
    } else if (r.page === "betHistory" || r.page === "history") {
      content = betsPage(book);
    } else if (r.page === "search") {
      content = searchPage(book);
    } else if (r.page === "settings") {
      content = h("section", null, h("h2", { text: t("settings") }), h("dl", null,
        h("dt", { text: t("culture") }), h("dd", { text: S.opts.culture }),
        h("dt", { text: t("odds") }), h("dd", { text: t("decimal") + " (1" + num(".50") + ")" }),
        h("dt", { text: t("theme") }), h("dd", { text: S.opts.theme })));
    } else if (r.page === "results" || r.page === "resultDetails") {
      content = h("section", null, h("h2", { text: t(r.page) }), h("p", { class: "sbw-empty", text: t("noResults") }));
    } else if (r.page === "virtual") {
      content = h("section", null, h("h2", { text: t("virtual") }), h("p", { class: "sbw-empty", text: t("noVirtual") }));
    } else if (r.page === "live") {
      content = h("section", null, h("h2", { text: t("live") }),
        list(book, filtered(r).filter(function (e) { return e.live; })));
    } else {
      var title = r.page === "esports" ? t("esports") : t("overview");
      if (r.sportId !== null && r.page !== "esports") {
        var any = events().filter(function (e) { return e.sport.id === r.sportId; })[0];
        title = any ? any.sport.name : title;
      }
      if (r.championships.length === 1) title = r.championships[0].name;
      else if (r.categories.length === 1) title = r.categories[0].name;
      content = h("section", null, h("h2", { text: title }), list(book, filtered(r)));
    }
    var side = r.sportId !== null && S.feed ? sidebar(book, r.sportId) : null;
    book.main.replaceChildren(h("div", { class: "sbw-body", style: side ? null : "grid-template-columns:1fr" }, side, h("div", { class: "sbw-main" }, content)));
  }

  /* The bet slip opens over the book; it is not a navigation (no address change). */
  function openSlip(book, e, outcome) {
    book.slip = { event: e, outcome: outcome, stake: (book.slip && book.slip.stake) || "", msg: null, account: null };
    renderSlip(book);
    renderMain(book);
    loadMe(book);
  }

  function loadMe(book) {
    if (!S.opts.token || !book.slip) return;
    api("me").then(function (r) {
      if (!book.slip) return;
      book.slip.account = r.ok && r.data ? r.data.account : null;
      if (r.status === 401) { tokenExpired(book); return; }
      renderSlip(book);
    });
  }

  function renderSlip(book) {
    var s = book.slip;
    if (!s) { book.slipEl.replaceChildren(); return; }
    var odds = s.event.odds[s.outcome];
    var stakeId = book.uid + "-stake";
    var input = h("input", {
      id: stakeId, inputmode: "decimal", autocomplete: "off", value: s.stake,
      oninput: function () { s.stake = input.value; }
    });
    var body = h("section", { class: "sbw-slip", role: "region", "aria-label": t("slip") },
      h("h3", null, t("slip"), h("button", {
        type: "button", class: "sbw-x", "aria-label": t("close"),
        onclick: function () { book.slip = null; renderSlip(book); renderMain(book); }
      }, "×")),
      h("div", { class: "sbw-msg" }, s.event.name + " · " + s.outcome + " @ " + num(odds)),
      s.account ? h("div", { class: "sbw-msg", "data-account": s.account.id },
        t("account").replace("{c}", s.account.currency) + " · " + t("balance") + " " + num(s.account.balance)) : null,
      S.opts.token ? h("label", { for: stakeId }, t("stake"), input) : null,
      h("button", {
        type: "button", class: "sbw-primary", disabled: book.placing ? true : null,
        onclick: function () { placeBet(book); }
      }, S.opts.token ? t("place") : t("signIn")),
      s.msg ? h("p", { class: "sbw-msg", role: "status", "data-kind": s.msg.kind, text: s.msg.text }) : null);
    book.slipEl.replaceChildren(body);
  }

  function askSignIn(book) {
    if (typeof book.onSignIn === "function") {
      try { book.onSignIn(); } catch (e) { console.error(e); }
    }
  }

  function tokenExpired(book) {
    if (typeof book.onTokenExpired === "function") {
      try { book.onTokenExpired(); } catch (e) { console.error(e); }
    }
  }

  function placeBet(book) {
    var s = book.slip;
    if (!s || book.placing) return;
    if (!S.opts.token) { askSignIn(book); return; }
    book.placing = true;
    var stake = String(s.stake).trim().replace(",", ".");
    api("bets", "POST", { eventId: s.event.id, outcome: s.outcome, stake: stake }).then(function (r) {
      book.placing = false;
      if (r.status === 401 && !s.retried) {
        // A stale token (account switched, expired): ask the host for a fresh one and send
        // the same bet again once it arrives through set().
        s.retried = true;
        book.retryOnToken = true;
        s.msg = { kind: "info", text: t("renewed") };
        renderSlip(book);
        tokenExpired(book);
        return;
      }
      if (r.ok && r.data) {
        s.msg = { kind: "ok", text: t("placed") + " #" + r.data.id + " · " + t("potential") + " " + num(r.data.potentialWin) + " " + r.data.currency };
        s.stake = "";
        s.retried = false;
        loadMe(book);
      } else {
        var err = r.data || {};
        var field = err.errors && (err.errors.stake || err.errors.outcome || err.errors.eventId);
        s.msg = { kind: "error", text: (field && field[0]) || err.message || t("failed") };
      }
      renderSlip(book);
    }, function () {
      book.placing = false;
      s.msg = { kind: "error", text: t("failed") };
      renderSlip(book);
    });
  }

  function renderWidget(w) {
    var evs = events().slice();
    if (w.type === "liveNow") evs = evs.filter(function (e) { return e.live; });
    evs = evs.slice(0, w.count);
    var title = w.type === "liveNow" ? t("liveNow") : t("topEvents");
    w.root.setAttribute("data-theme", S.opts.theme);
    w.root.replaceChildren(h("h2", { id: w.uid + "-t", text: title }),
      !S.feed ? h("p", { class: "sbw-empty", text: t("loading") }) :
        !evs.length ? h("p", { class: "sbw-empty", text: t("noEvents") }) :
          h("ul", { class: "sbw-carousel", "aria-labelledby": w.uid + "-t", "data-count": evs.length }, evs.map(function (e) {
            return h("li", null, h("button", {
              type: "button", class: "sbw-card", "data-event": e.id,
              onclick: function () {
                if (typeof w.onNavigate === "function") w.onNavigate(eventRoute(e));
              }
            },
              h("span", { class: "sbw-when" }, h("span", { text: e.sport.name }),
                e.live ? h("span", { class: "sbw-live", text: t("live") + " " + (e.score ? e.score[0] + ":" + e.score[1] : "") }) :
                  h("span", { text: clock(e.startsAt) })),
              h("b", { text: e.name }),
              h("span", { class: "sbw-when", text: outcomes(e).map(function (o) { return o + " · " + num(e.odds[o]); }).join("   ") })));
          })));
  }

  var uid = 0;

  function requireInit(what) {
    if (!S.initiated) throw new Error("Sportsbook." + what + ": call init first");
  }

  function containerOf(c) {
    var el = typeof c === "string" ? document.querySelector(c) : c;
    if (!el || !el.appendChild) throw new Error("Sportsbook: no container");
    return el;
  }

  var SDK = {
    version: "sandbox-1",
    init: function (opts) {
      opts = opts || {};
      S.opts = {
        integration: String(opts.integration || ""),
        culture: TEXT[opts.culture] ? opts.culture : "en-GB",
        theme: opts.theme === "light" ? "light" : "dark",
        token: String(opts.token || ""),
        numberFormat: opts.numberFormat || { decimal: "." }
      };
      injectStyle();
      S.initiated = true;
      return loadFeed();
    },
    set: function (opts) {
      requireInit("set");
      opts = opts || {};
      var tokenChanged = false;
      if (opts.token !== undefined) { tokenChanged = String(opts.token || "") !== S.opts.token; S.opts.token = String(opts.token || ""); }
      if (opts.culture !== undefined) S.opts.culture = TEXT[opts.culture] ? opts.culture : "en-GB";
      if (opts.theme !== undefined) S.opts.theme = opts.theme === "light" ? "light" : "dark";
      S.books.forEach(function (b) {
        b.root.setAttribute("data-theme", S.opts.theme);
        b.root.setAttribute("data-culture", S.opts.culture);
        renderChrome(b);
        renderMain(b);
        if (b.slip) {
          if (tokenChanged) b.slip.account = null;
          renderSlip(b);
          loadMe(b);
          if (tokenChanged && b.retryOnToken && S.opts.token) { b.retryOnToken = false; placeBet(b); }
        }
      });
      S.widgets.forEach(renderWidget);
    },
    addSportsBook: function (opts) {
      requireInit("addSportsBook");
      var el = containerOf(opts.container);
      var existing = S.books.filter(function (b) { return b.container === el; })[0];
      if (existing) {
        // The host moved (address change): navigate without reporting back.
        existing.onNavigate = opts.onNavigate;
        existing.onSignIn = opts.onSignIn;
        existing.onTokenExpired = opts.onTokenExpired;
        existing.route = normRoute(opts.route);
        renderChrome(existing);
        renderMain(existing);
        return;
      }
      var book = {
        uid: "sbw" + (++uid), container: el, route: normRoute(opts.route), onNavigate: opts.onNavigate,
        onSignIn: opts.onSignIn, onTokenExpired: opts.onTokenExpired, slip: null, placing: false
      };
      book.nav = h("nav", { "aria-label": "Sportsbook" });
      book.main = h("div");
      book.slipEl = h("div");
      book.root = h("div", { class: "sbw", "data-theme": S.opts.theme, "data-culture": S.opts.culture, "data-sbw": "book" },
        book.nav, book.main, book.slipEl);
      el.replaceChildren(book.root);
      S.books.push(book);
      renderChrome(book);
      renderMain(book);
      ensureTimer();
    },
    addWidget: function (opts) {
      requireInit("addWidget");
      var el = containerOf(opts.container);
      var count = Math.max(1, Math.min(50, Number(opts.count) || 10));
      var w = {
        uid: "sbw" + (++uid), container: el, type: opts.type === "liveNow" ? "liveNow" : "topEvents",
        count: count, onNavigate: opts.onNavigate
      };
      w.root = h("section", { class: "sbw sbw-w", "data-sbw": w.type });
      el.replaceChildren(w.root);
      S.widgets = S.widgets.filter(function (x) { return x.container !== el; }).concat([w]);
      renderWidget(w);
      ensureTimer();
    },
    remove: function (container) {
      var el = container ? containerOf(container) : null;
      var keep = function (x) {
        if (el && x.container !== el) return true;
        x.container.replaceChildren();
        return false;
      };
      S.books = S.books.filter(keep);
      S.widgets = S.widgets.filter(keep);
      stopTimerIfIdle();
    }
  };

  window.Sportsbook = SDK;
})();
