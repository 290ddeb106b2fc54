// The API docs' page (api/templates/swagger_ui.html): Swagger UI, vendored beside this file, started
// from a file because the Content-Security-Policy allows no inline script. The page's container
// carries the spec's address and flask-smorest's OPENAPI_SWAGGER_UI_CONFIG.
(function start() {
  var box = document.getElementById("swagger-ui-container");
  var config = JSON.parse(box.getAttribute("data-config") || "{}");
  config.url = box.getAttribute("data-url");
  config.dom_id = "#swagger-ui-container";
  window.ui = window.SwaggerUIBundle(config);
})();
