// Stand-in web metrics (the ym(id, …) surface): drains the queue, then records calls.
tp.loaded.push({ service: "webMetrics", src: document.currentScript && document.currentScript.src });
(function () {
  var queued = (window.ym && window.ym.a) || [];
  window.ym = function () {
    record("webMetrics", "ym", arguments);
  };
  queued.forEach(function (args) {
    window.ym.apply(null, args);
  });
})();
