// Shared head of every stand-in: what the page handed this provider, kept on
// window.__thirdParty for the tests (loaded scripts and every call with its arguments).
var tp = (window.__thirdParty = window.__thirdParty || { loaded: [], calls: [] });
var record = function (service, call, args) {
  tp.calls.push({ service: service, call: call, args: JSON.parse(JSON.stringify(Array.prototype.slice.call(args || []))) });
};
