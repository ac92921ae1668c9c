// Stand-in retargeting pixel (the pixel(…) queue surface): drains the queue, then records.
tp.loaded.push({ service: "pixel", src: document.currentScript && document.currentScript.src });
(function () {
  var queued = (window.pixel && window.pixel.q) || [];
  window.pixel = function () {
    record("pixel", "pixel", arguments);
  };
  queued.forEach(function (args) {
    window.pixel.apply(null, args);
  });
})();
