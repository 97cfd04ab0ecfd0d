/**
 * An init script that keeps each RTCPeerConnection the page makes in `window.__peers`, so a test or a
 * benchmark can read its WebRTC stats. Plain JavaScript: a function compiled by tsx would carry helpers
 * the page does not have.
 */
export const KEEP_PEERS = `(() => {
  const Original = window.RTCPeerConnection;
  const peers = (window.__peers = []);
  window.RTCPeerConnection = class extends Original {
    constructor(...args) { super(...args); peers.push(this); }
  };
})();`;
