// Stand-in live chat (the fcWidget surface): a known user that has no restore id yet gets one
// ("user:created"), as the real widget does on its first conversation.
tp.loaded.push({ service: "chat", src: document.currentScript && document.currentScript.src });
(function () {
  var state = { init: null, handlers: [] };
  var created = function () {
    var o = state.init;
    if (!o || !o.externalId || o.restoreId) return;
    state.handlers.forEach(function (h) {
      setTimeout(function () {
        h({ status: 200, data: { restoreId: "restore-" + o.externalId } });
      }, 0);
    });
  };
  window.fcWidget = {
    init: function (o) {
      record("chat", "init", arguments);
      state.init = o;
      created();
    },
    isInitialized: function () {
      return !!state.init;
    },
    destroy: function () {
      record("chat", "destroy", arguments);
      state.init = null;
    },
    user: {
      clear: function () {
        record("chat", "user.clear", arguments);
      },
    },
    on: function (name, handler) {
      if (name === "user:created") {
        state.handlers = [handler];
        created();
      }
    },
  };
})();
