// 'Check your copy' on the public verification page: hashes the chosen file with WebCrypto SHA-256 in the
// browser and compares it with the hashes the page carries. The file is never sent anywhere.
// Plain browser JavaScript, served as a static file because the app's CSP only runs scripts from its own origin.
/* global document, window, FileReader */
(function () {
  'use strict';

  var section = document.getElementById('check');
  if (!section) return;
  var input = document.getElementById('check-file');
  var drop = document.getElementById('check-drop');
  var result = document.getElementById('check-result');
  var message = document.getElementById('check-message');
  var originalHash = section.getAttribute('data-original-sha256');
  var securedHash = section.getAttribute('data-secured-sha256');
  var subtle = window.crypto && window.crypto.subtle;

  function show(state, text) {
    result.setAttribute('data-state', state);
    message.textContent = text;
    result.hidden = false;
  }

  function toHex(buffer) {
    var bytes = new Uint8Array(buffer);
    var hex = '';
    for (var index = 0; index < bytes.length; index += 1) {
      hex += (bytes[index] < 16 ? '0' : '') + bytes[index].toString(16);
    }
    return hex;
  }

  function readFile(file) {
    if (file.arrayBuffer) return file.arrayBuffer();
    return new Promise(function (resolve, reject) {
      var reader = new FileReader();
      reader.onload = function () {
        resolve(reader.result);
      };
      reader.onerror = function () {
        reject(reader.error);
      };
      reader.readAsArrayBuffer(file);
    });
  }

  function check(file) {
    if (!file) return;
    if (!subtle) {
      // WebCrypto exists only on secure (https) pages.
      show('error', 'This browser cannot check files on this page.');
      return;
    }
    show('working', 'Checking the file…');
    readFile(file)
      .then(function (bytes) {
        return subtle.digest('SHA-256', bytes);
      })
      .then(function (digest) {
        var hash = toHex(digest);
        if (hash === originalHash) {
          show('match', 'This file matches the original');
        } else if (hash === securedHash) {
          show('match', 'This file matches the secured document issued under this code');
        } else {
          show('mismatch', 'This file does not match the document issued under this code');
        }
      })
      .catch(function () {
        show('error', 'The file could not be read. Try choosing it again.');
      });
  }

  input.addEventListener('change', function () {
    check(input.files && input.files[0]);
  });

  ['dragenter', 'dragover'].forEach(function (type) {
    drop.addEventListener(type, function (event) {
      event.preventDefault();
      drop.classList.add('is-over');
    });
  });
  ['dragleave', 'dragend'].forEach(function (type) {
    drop.addEventListener(type, function () {
      drop.classList.remove('is-over');
    });
  });
  // A file dropped beside the drop zone would otherwise replace this page with the file itself.
  ['dragover', 'drop'].forEach(function (type) {
    window.addEventListener(type, function (event) {
      if (!drop.contains(event.target)) event.preventDefault();
    });
  });
  drop.addEventListener('drop', function (event) {
    event.preventDefault();
    drop.classList.remove('is-over');
    check(event.dataTransfer && event.dataTransfer.files[0]);
  });
})();
