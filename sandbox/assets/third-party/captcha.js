// Stand-in captcha (the grecaptcha v3 surface): a token per action.
tp.loaded.push({ service: "captcha", src: document.currentScript && document.currentScript.src });
window.grecaptcha = {
  ready: function (cb) {
    cb();
  },
  execute: function (key, options) {
    record("captcha", "execute", arguments);
    return Promise.resolve("captcha-" + key + "-" + options.action);
  },
};
