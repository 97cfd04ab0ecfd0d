// A page built by its scripts after load: its own API by path and by full address, an image and a link.
function show(id, request) {
  request
    .then((response) => response.json())
    .then((answer) => (document.getElementById(id).textContent = answer.products[0].name))
    .catch((error) => (document.getElementById(id).textContent = `failed: ${error}`));
}
show("product", fetch("/api/products"));
show("product-absolute", fetch(`${document.body.dataset.site}/api/products`));

const image = document.createElement("img");
image.id = "added-image";
image.alt = "Dot";
image.src = `${document.body.dataset.site}/runtime/dot.svg`;
document.getElementById("added").append(image);

document
  .getElementById("added")
  .insertAdjacentHTML("beforeend", `<p><a id="added-link" href="${document.body.dataset.site}/runtime/next.html">Next page</a></p>`);
