// 'Check your copy' on the public verification page: hashes the chosen file with SHA-256 in the browser and
// compares it with the hashes the page carries. The file is never sent anywhere.
// A large file is hashed as it is read (hash-wasm's streaming SHA-256, loaded for it), so it never sits whole in
// memory (a 1 GB file on a phone) and its progress shows. A small one goes to WebCrypto in one go: native, faster,
// and nothing more to load; so does any file where WebAssembly cannot run (iOS Lockdown Mode).
// Plain browser JavaScript, served as a static file because the app's CSP only runs scripts from its own origin.
/* global document, window, FileReader */
(function () {
  'use strict';

  // Up to this size a file is read whole for WebCrypto (twice hash-wasm's speed in Chromium); above it, it streams.
  var SMALL_FILE_BYTES = 8 * 1024 * 1024;

  // The language switcher's links keep the address's fragment, which carries the seal.
  if (window.location.hash) {
    document.querySelectorAll('.languages a').forEach(function (link) {
      link.setAttribute('href', link.getAttribute('href') + window.location.hash);
    });
  }

  var section = document.getElementById('check');
  if (!section) return;
  var input = document.getElementById('check-file');
  var drop = document.getElementById('check-drop');
  var result = document.getElementById('check-result');
  var message = document.getElementById('check-message');
  var progress = document.getElementById('check-progress');
  var originalHash = section.getAttribute('data-original-sha256');
  var securedHash = section.getAttribute('data-secured-sha256');
  // The file as first signed, before a timestamp was added to it: an earlier copy, as true.
  var earlierSecuredHash = section.getAttribute('data-earlier-secured-sha256');
  var hasherUrl = section.getAttribute('data-hasher-url');
  var subtle = window.crypto && window.crypto.subtle;
  var loadingHasher = null;
  // The sentences, in the page's language, come from the section's data-*-message attributes.
  function sentence(name) {
    return section.getAttribute('data-' + name + '-message');
  }
  // Thrown where neither WebCrypto nor WebAssembly can hash.
  var CANNOT_CHECK = new Error(sentence('cannot-check'));
  // Only the latest file's answer is shown, should an earlier, larger one finish after it.
  var latestCheck = 0;

  function show(state, text, tone) {
    result.setAttribute('data-state', state);
    result.setAttribute('data-tone', tone || 'neutral');
    message.textContent = text;
    progress.hidden = true;
    result.hidden = false;
  }

  function showProgress(percent) {
    message.textContent = sentence('progress').replace('{percent}', String(percent));
    progress.value = percent;
    progress.hidden = false;
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

  function digestWhole(file) {
    return readFile(file)
      .then(function (bytes) {
        return subtle.digest('SHA-256', bytes);
      })
      .then(toHex);
  }

  // hash-wasm's namespace, from its script the first time a large file is checked (most visitors check none).
  function loadHasher() {
    if (window.hashwasm) return Promise.resolve(window.hashwasm);
    if (!loadingHasher) {
      loadingHasher = new Promise(function (resolve, reject) {
        var script = document.createElement('script');
        script.src = hasherUrl;
        script.onload = function () {
          if (window.hashwasm) resolve(window.hashwasm);
          else reject(new Error('hash-wasm did not load'));
        };
        script.onerror = reject;
        document.head.appendChild(script);
      });
      // A failed load may be a network blip: the next check tries again.
      loadingHasher.catch(function () {
        loadingHasher = null;
      });
    }
    return loadingHasher;
  }

  function digestStream(hasher, file, isLatest) {
    var reader = file.stream().getReader();
    var done = 0;
    var shown = -1;
    hasher.init();
    function next() {
      return reader.read().then(function (chunk) {
        if (chunk.done) return hasher.digest('hex');
        if (!isLatest()) return reader.cancel();
        hasher.update(chunk.value);
        done += chunk.value.length;
        var percent = Math.floor((done * 100) / file.size);
        // The text changes at most a hundred times, whatever the number of chunks.
        if (percent !== shown) showProgress((shown = percent));
        return next();
      });
    }
    return next();
  }

  function canStream(file) {
    return Boolean(hasherUrl || window.hashwasm) && typeof file.stream === 'function';
  }

  function hashFile(file, isLatest) {
    var streams = canStream(file) && (file.size > SMALL_FILE_BYTES || !subtle);
    if (!streams) return digestWhole(file);
    return loadHasher()
      .then(function (hashwasm) {
        // Rejects where WebAssembly may not run; each check has its own hasher, as two may overlap.
        return hashwasm.createSHA256();
      })
      .then(
        function (hasher) {
          return digestStream(hasher, file, isLatest);
        },
        function () {
          if (subtle) return digestWhole(file);
          throw CANNOT_CHECK;
        },
      );
  }

  // The words and colour of each answer come from the page's verdict (common/public-page/page-verdict.ts), which
  // the seal check may change: a file matching a revoked document is no good news.
  var shownOutcome = null;

  function showOutcome(outcome) {
    shownOutcome = outcome;
    var text = section.getAttribute('data-' + outcome + '-message');
    if (outcome === 'mismatch') show('mismatch', text, 'red');
    else show('match', text, section.getAttribute('data-match-tone'));
  }

  function verdict(hash) {
    if (hash === originalHash) showOutcome('original');
    else if (hash === securedHash || (earlierSecuredHash && hash === earlierSecuredHash)) {
      showOutcome('secured');
    } else showOutcome('mismatch');
  }

  // Sent by the seal check (scripts/show-verdict.ts) when it turns the verdict.
  document.addEventListener('qrverify:verdict', function () {
    if (shownOutcome) showOutcome(shownOutcome);
  });

  function check(file) {
    if (!file) return;
    shownOutcome = null;
    if (!subtle && !canStream(file)) {
      // WebCrypto exists only on secure (https) pages.
      show('error', CANNOT_CHECK.message);
      return;
    }
    var thisCheck = (latestCheck += 1);
    function isLatest() {
      return thisCheck === latestCheck;
    }
    show('working', sentence('working'));
    hashFile(file, isLatest)
      .then(function (hash) {
        if (isLatest()) verdict(hash);
      })
      .catch(function (error) {
        if (!isLatest()) return;
        if (error === CANNOT_CHECK) show('error', CANNOT_CHECK.message);
        else show('error', sentence('unreadable'));
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
