// The live preview's reload script. pasyans serve -watch adds it to every
// page it serves (never to the built files): it listens to the server's
// build events and reloads the page when a new generation is served.
(function () {
  "use strict";
  var me = document.currentScript;
  var generation = me ? me.getAttribute("data-generation") : "";
  function listen() {
    var events = new EventSource("/__pasyans/events?gen=" + encodeURIComponent(generation));
    events.addEventListener("build", function (ev) {
      if (ev.data !== generation) {
        events.close();
        location.reload();
      }
    });
  }
  if (document.readyState === "complete") {
    listen();
  } else {
    window.addEventListener("load", listen);
  }
})();
