// An upload (runtime/upload.rs): XMLHttpRequest, because fetch cannot report how
// much of a request body is sent. The file is the one chosen in the page's file input; the
// other form fields come as a JSON object. The input gets an `uploadprogress` CustomEvent with the
// percent sent (`detail`), which the view's progress bar shows. Resolves `{status, body}`
// (status 0: no answer).
export function upload_file(url, bearer, trace, fields, inputId) {
  return new Promise((resolve) => {
    const input = document.getElementById(inputId);
    const file = input && input.files && input.files[0];
    if (!file) {
      resolve({ status: 0, body: "no file chosen" });
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(JSON.parse(fields || "null") || {})) form.append(k, String(v));
    form.append("file", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.timeout = 120000;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("X-Trace-Id", trace);
    if (bearer) xhr.setRequestHeader("Authorization", "Bearer " + bearer);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) input.dispatchEvent(new CustomEvent("uploadprogress", { detail: Math.floor((e.loaded * 100) / e.total) }));
    };
    const fail = (why) => () => resolve({ status: 0, body: why });
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = fail("network error");
    xhr.ontimeout = fail("timed out");
    xhr.onabort = fail("aborted");
    xhr.send(form);
  });
}
