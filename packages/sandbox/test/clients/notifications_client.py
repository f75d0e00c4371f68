#!/usr/bin/env python3
"""The notifications the sandbox POSTs, received by Python's standard library only.

Written from the reference's Notifications section: on every status change the API POSTs the
whole record to its `notification_url`, with `X-Date` and `Authorization: V2-HMAC-SHA256,
Signature: <hex>` computed over the merchant's own X-Login + that X-Date + the raw body with the
merchant's secret key; "the receiver answers any 2xx; anything else is retried". A redirect
(301, 302, 303, 307, 308) is not a 2xx: it is an answer to retry, not an address to follow, so
the record is never sent to another URL, nor counted as delivered by a GET that carried no body.

    PAYMENTS_API_URL=http://127.0.0.1:4010 PAYMENTS_X_LOGIN=... PAYMENTS_X_TRANS_KEY=... \
    PAYMENTS_SECRET_KEY=... python3 notifications_client.py

Each check prints one JSON line {"call", "ok", "detail"}; exit status 0 when all hold.
"""

import datetime
import hashlib
import hmac
import http.client
import http.server
import json
import os
import re
import sys
import threading
import time
import urllib.parse
import uuid

BASE = urllib.parse.urlsplit(os.environ["PAYMENTS_API_URL"])
LOGIN = os.environ["PAYMENTS_X_LOGIN"]
TRANS_KEY = os.environ["PAYMENTS_X_TRANS_KEY"]
SECRET_KEY = os.environ["PAYMENTS_SECRET_KEY"]


def call(method, path, body=None):
    """One signed request; answers (status, raw bytes)."""
    text = "" if body is None else json.dumps(body, separators=(",", ":"))
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
    signed = (LOGIN + date + text).encode("utf-8")
    headers = {
        "X-Date": date,
        "X-Login": LOGIN,
        "X-Trans-Key": TRANS_KEY,
        "X-Version": "2.1",
        "User-Agent": "notifications-check/1.0",
        "Authorization": "V2-HMAC-SHA256, Signature: "
        + hmac.new(SECRET_KEY.encode("utf-8"), signed, hashlib.sha256).hexdigest(),
    }
    if text:
        headers["Content-Type"] = "application/json"
    connection = http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=30)
    try:
        connection.request(method, path, body=text.encode("utf-8") if text else None, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


# The merchant's endpoint: records every request (method, path, headers, raw bytes). A path
# starting /moved-NNN answers NNN with a Location to /elsewhere; any other path answers 200.
received = []
lock = threading.Lock()


class Merchant(http.server.BaseHTTPRequestHandler):
    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        with lock:
            received.append((self.command, self.path, dict(self.headers), body))
        moved = re.match(r"^/moved-(\d{3})", self.path)
        self.send_response(int(moved.group(1)) if moved else 200)
        if moved:
            self.send_header("Location", "/elsewhere")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    do_POST = answer
    do_GET = answer

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Merchant)
threading.Thread(target=server.serve_forever, daemon=True).start()
MERCHANT = "http://127.0.0.1:%d" % server.server_address[1]

failures = 0


def check(name, ok, detail):
    global failures
    failures += 0 if ok else 1
    print(json.dumps({"call": name, "ok": bool(ok), "detail": detail}))


def requests_to(path):
    with lock:
        return [r for r in received if r[1] == path]


def wait_for(predicate, seconds=10):
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if predicate():
            return True
        time.sleep(0.02)
    return False


payer = {"name": "Ana Souza", "email": "ana@example.com", "document": "52998224725"}


def paid_to(path):
    """A card payment, PAID at once, notified to MERCHANT + path; its id."""
    status, raw = call(
        "POST",
        "/secure_payments",
        {
            "amount": 10,
            "currency": "BRL",
            "country": "BR",
            "payment_method_id": "CARD",
            "payment_method_flow": "DIRECT",
            "payer": payer,
            "card": {
                "holder_name": "Ana Souza",
                "number": "4111111111111111",
                "cvv": "123",
                "expiration_month": 10,
                "expiration_year": 2030,
            },
            "order_id": "notify-" + uuid.uuid4().hex[:12],
            "notification_url": MERCHANT + path,
        },
    )
    return json.loads(raw)["id"]


# 1. A 200: the record's bytes, signed over login + X-Date + those bytes, checked with hmac.
payment_id = paid_to("/ok")
wait_for(lambda: len(requests_to("/ok")) >= 1)
posts = requests_to("/ok")
method, _, headers, body = posts[0] if posts else ("", "", {}, b"")
date = headers.get("X-Date", "")
expected = hmac.new(SECRET_KEY.encode(), LOGIN.encode() + date.encode() + body, hashlib.sha256).hexdigest()
check(
    "a notification is a POST of the record, X-Date in UTC with milliseconds and Z, signed over login + X-Date + the raw bytes",
    method == "POST"
    and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", date) is not None
    and headers.get("Authorization") == "V2-HMAC-SHA256, Signature: " + expected
    and json.loads(body).get("id") == payment_id
    and json.loads(body).get("status") == "PAID",
    {"method": method, "x_date": date, "authorization": headers.get("Authorization")},
)

# 2. Redirects: answered, not followed; the delivery is not done.
for code in (301, 302, 303, 307, 308):
    path = "/moved-%d" % code
    payment_id = paid_to(path)
    log = []

    def answered():
        # The first attempt is logged once its answer came (a followed redirect: the last one's).
        global log
        log = json.loads(call("GET", "/sandbox-tools/notifications?record_id=" + payment_id)[1])
        return bool(log and log[0]["attempts"] and "status" in log[0]["attempts"][0])

    wait_for(answered)
    attempts = log[0]["attempts"] if log else []
    elsewhere = requests_to("/elsewhere")
    check(
        "a %d with a Location is retried, not followed: the record goes nowhere else" % code,
        len(requests_to(path)) == 1
        and elsewhere == []
        and log[0]["state"] == "pending"
        and [a.get("status") for a in attempts] == [code],
        {
            "attempts": attempts,
            "state": log[0]["state"] if log else None,
            "elsewhere": [(m, p, len(b)) for m, p, _, b in elsewhere],
        },
    )
    with lock:
        received[:] = [r for r in received if r[1] != "/elsewhere"]

server.shutdown()
sys.exit(1 if failures else 0)
