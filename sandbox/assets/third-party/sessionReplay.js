// Stand-in session replay (the FullStory surface): _fs_org before, FS.identify / anonymize.
tp.loaded.push({ service: "sessionReplay", src: document.currentScript && document.currentScript.src, org: window._fs_org });
window.FS = {
  identify: function () {
    record("sessionReplay", "identify", arguments);
  },
  anonymize: function () {
    record("sessionReplay", "anonymize", arguments);
  },
};
