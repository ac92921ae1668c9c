// Stand-in visitor fingerprint (the FingerprintJS agent surface): a stable visitor id per key.
tp.loaded.push({ service: "fingerprint", src: document.currentScript && document.currentScript.src });
window.FingerprintJS = {
  load: function (options) {
    record("fingerprint", "load", arguments);
    return Promise.resolve({
      get: function () {
        return Promise.resolve({ visitorId: "visitor-" + options.apiKey });
      },
    });
  },
};
