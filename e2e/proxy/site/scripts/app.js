document.getElementById("greet").addEventListener("click", () => {
  document.getElementById("greeting").textContent = "Hello from Harbor Supplies";
});
