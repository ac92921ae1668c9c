// Stand-in tag manager (a Google Tag Manager container's surface): reads dataLayer.
tp.loaded.push({ service: "tagManager", src: document.currentScript && document.currentScript.src });
(function () {
  var dl = (window.dataLayer = window.dataLayer || []);
  dl.forEach(function (e) {
    record("tagManager", "push", [e]);
  });
  var push = dl.push.bind(dl);
  dl.push = function () {
    record("tagManager", "push", arguments);
    return push.apply(null, arguments);
  };
})();
