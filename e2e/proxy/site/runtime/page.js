// A page whose content comes from scripts: its API, an image and a link added after load.
fetch("/runtime/stock.json")
  .then((response) => response.json())
  .then((stock) => {
    document.getElementById("stock").textContent = `${stock.item}: ${stock.count}`;
  })
  .catch((error) => {
    document.getElementById("stock").textContent = `failed: ${error}`;
  });

const image = document.createElement("img");
image.id = "added-image";
image.alt = "Dot";
image.src = "/runtime/dot.svg";
document.getElementById("added").append(image);

document.getElementById("added").insertAdjacentHTML("beforeend", '<p><a id="added-link" href="/runtime/next.html">Next page</a></p>');
