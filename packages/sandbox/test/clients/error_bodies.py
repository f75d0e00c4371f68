#!/usr/bin/env python3
"""The API's error bodies, byte for byte, read by Python's json module.

Written from the public record ("The wire dialect", newest section first): `param` only on
parameter errors. `5001 Invalid parameter` carries it; `{"code":5007,"message":"Amount
exceeded"}` and `{"code":4000,"message":"Payment not found"}` were answered without it, though
one parameter was at fault. So every other code is answered as `{"code", "message"}` alone.

    PAYMENTS_API_URL=http://127.0.0.1:4010 PAYMENTS_X_LOGIN=... PAYMENTS_X_TRANS_KEY=... \
    PAYMENTS_SECRET_KEY=... python3 error_bodies.py

Each case prints one JSON line {"call", "ok", "status", "raw"}; the exit status is 0 when every
answer was the exact bytes expected, 1 otherwise. No card data is printed.
"""

import datetime
import hashlib
import hmac
import http.client
import json
import os
import sys
import time
import urllib.parse
import uuid

BASE = urllib.parse.urlsplit(os.environ["PAYMENTS_API_URL"])
LOGIN = os.environ["PAYMENTS_X_LOGIN"]
TRANS_KEY = os.environ["PAYMENTS_X_TRANS_KEY"]
SECRET_KEY = os.environ["PAYMENTS_SECRET_KEY"]


def call(method, path, body=None, headers=None, raw_body=None):
    """One signed request (`headers` override or, as None, drop ours); answers (status, raw bytes)."""
    text = raw_body if raw_body is not None else "" if body is None else json.dumps(body, separators=(",", ":"))
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
    signed = (LOGIN + date + text).encode("utf-8")
    sent = {
        "X-Date": date,
        "X-Login": LOGIN,
        "X-Trans-Key": TRANS_KEY,
        "X-Version": "2.1",
        "User-Agent": "error-bodies-check/1.0 (Python %d.%d)" % sys.version_info[:2],
        "Authorization": "V2-HMAC-SHA256, Signature: "
        + hmac.new(SECRET_KEY.encode("utf-8"), signed, hashlib.sha256).hexdigest(),
    }
    if text:
        sent["Content-Type"] = "application/json"
    for name, value in (headers or {}).items():
        if value is None:
            sent.pop(name, None)
        else:
            sent[name] = value
    connection = http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=30)
    try:
        connection.request(method, path, body=text.encode("utf-8") if text else None, headers=sent)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


results = []


def expect(name, status, raw, want_status, want):
    """The answer must be exactly `want` (keys in that order, no others), and parse to it."""
    want_raw = json.dumps(want, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    try:
        parsed = json.loads(raw.decode("utf-8"))
    except ValueError:
        parsed = None
    ok = status == want_status and raw == want_raw and parsed == want and list(parsed) == list(want)
    results.append(ok)
    print(json.dumps({"call": name, "ok": ok, "status": status, "raw": raw.decode("utf-8", "replace")}), flush=True)


run = "%d-%s" % (int(time.time() * 1000), uuid.uuid4().hex[:6])
card = {
    "holder_name": "Thiago Gabriel",
    "number": "4111111111111111",
    "cvv": "123",
    "expiration_month": 10,
    "expiration_year": 2040,
}
payer = {"name": "Thiago Gabriel", "email": "thiago@example.com", "document": "53033315550"}


def payment(order, **fields):
    body = {
        "amount": 120,
        "currency": "BRL",
        "country": "BR",
        "payment_method_id": "CARD",
        "payment_method_flow": "DIRECT",
        "order_id": order,
        "payer": payer,
        "card": card,
    }
    body.update(fields)
    return body


def err(code, message):
    return {"code": code, "message": message}


# 5009: the same order_id twice.
status, raw = call("POST", "/secure_payments", payment("DUP-" + run))
assert status == 200, raw
status, raw = call("POST", "/secure_payments", payment("DUP-" + run))
expect("5009 an order_id paid already", status, raw, 400, err(5009, "Order ID is duplicated"))

# 5043: a count the plan does not offer.
status, raw = call("POST", "/installments-plans", {"country": "BR", "bin": "411111", "amount": 120, "currency": "BRL"})
assert status == 200, raw
plan = json.loads(raw)
offered = {option["installments"] for option in plan["installments"]}
missing = next(n for n in range(2, 100) if n not in offered)
status, raw = call(
    "POST",
    "/secure_payments",
    payment("INS-" + run, card=dict(card, installments=str(missing), installments_id=plan["id"])),
)
expect("5043 a count the plan does not offer", status, raw, 400, err(5043, "Invalid number of installments"))

# 5010: a method the country does not have.
status, raw = call(
    "POST",
    "/payments",
    payment("MET-" + run, payment_method_id="OX", payment_method_flow="DIRECT", card=None),
)
expect("5010 a method Brazil does not have", status, raw, 400, err(5010, "Method not available"))

# 5003: a country the API does not serve.
status, raw = call("POST", "/secure_payments", payment("CTY-" + run, country="FR", currency="EUR"))
expect("5003 a country not served", status, raw, 400, err(5003, "Country not supported"))

# 5004: a currency the country does not use (USD is taken everywhere, beside the local one).
status, raw = call("POST", "/secure_payments", payment("CUR-" + run, currency="EUR"))
expect("5004 a currency Brazil does not take", status, raw, 400, err(5004, "Currency not allowed for this country"))

# 5016: below the smallest amount.
status, raw = call("POST", "/secure_payments", payment("LOW-" + run, amount=0.5))
expect("5016 an amount too low", status, raw, 400, err(5016, "Amount too low"))

# 5002: a refund of an authorization (not PAID).
status, raw = call("POST", "/secure_payments", payment("AUT-" + run, card=dict(card, capture=False)))
assert status == 200, raw
authorized = json.loads(raw)["id"]
status, raw = call("POST", "/refunds", {"payment_id": authorized, "notification_url": "https://example.com/n"})
expect("5002 a refund of an authorization", status, raw, 400, err(5002, "Invalid transaction status"))

# 5008: a saved card the API does not have.
status, raw = call("POST", "/payments", payment("TOK-" + run, card={"card_id": "CID-" + run}))
expect("5008 an unknown card_id", status, raw, 400, err(5008, "Token not found or inactive"))

# 5013: a verification is never refunded.
status, raw = call("POST", "/secure_payments", payment("VER-" + run, amount=0, card=dict(card, verify=True)))
assert status == 200, raw
verified = json.loads(raw)["id"]
status, raw = call("POST", "/refunds", {"payment_id": verified, "notification_url": "https://example.com/n"})
expect("5013 a refund of a verification", status, raw, 400, err(5013, "Unsupported operation"))

# 5001 keeps it: the one code that is a parameter error.
status, raw = call("POST", "/secure_payments", payment("DOC-" + run, payer=dict(payer, document="123")))
expect(
    "5001 names its parameter",
    status,
    raw,
    400,
    {"code": 5001, "message": "Invalid parameter: payer.document", "param": "payer.document"},
)


def tool(path, body):
    """A sandbox tool (unsigned: it stands for the payer or the card network, not the merchant)."""
    connection = http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=30)
    try:
        connection.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        assert response.status == 200, response.status
    finally:
        connection.close()


# The rest of the table, each reached as a client meets it ("Errors" and "Seen on the wire").
status, raw = call("GET", "/payments/D-nope-%s/status" % run, headers={"X-Login": "nobody"})
expect("3001 an unknown X-Login", status, raw, 403, err(3001, "Invalid credentials"))
status, raw = call("POST", "/secure_payments", payment("SIG-" + run), headers={"Authorization": "V2-HMAC-SHA256, Signature: " + "0" * 64})
expect("5000 a POST whose signature does not match", status, raw, 400, err(5000, "Signature not match"))
status, raw = call("POST", "/secure_payments", raw_body='{"amount":')
expect("5000 a body that is no JSON", status, raw, 400, err(5000, "Invalid request"))
status, raw = call("POST", "/secure_payments", payment("VRS-" + run), headers={"X-Version": "2.0"})
expect("5017 another X-Version", status, raw, 400, err(5017, "Invalid API version"))
status, raw = call("GET", "/payments/D-nope-%s/status" % run)
expect("4000 a status lookup of an unknown id", status, raw, 404, err(4000, "Payment not found"))
status, raw = call("POST", "/payments/D-nope-%s/cancel" % run)
expect("4000 a cancel of an unknown id is 400", status, raw, 400, err(4000, "Payment not found"))
status, raw = call("GET", "/refunds/REF-nope-%s/status" % run)
expect("4001 an unknown refund", status, raw, 404, err(4001, "Refund not found"))
status, raw = call("POST", "/payments", {"authorization_id": authorized, "amount": 121, "currency": "BRL"})
expect("5007 a capture over the authorization", status, raw, 400, err(5007, "Amount exceeded"))
status, raw = call("POST", "/payments", {"authorization_id": authorized})
assert status == 200, raw
captured = json.loads(raw)["id"]
status, raw = call("POST", "/payments", {"authorization_id": authorized})
expect("5007 a capture twice in full", status, raw, 400, err(5007, "Amount exceeded"))
status, raw = call("POST", "/refunds", {"payment_id": captured, "amount": 121, "currency": "BRL"})
expect("5007 a refund past the capture", status, raw, 400, err(5007, "Amount exceeded"))
status, raw = call("POST", "/payments/%s/cancel" % captured)
expect("3003 a cancel of a PAID payment", status, raw, 403, err(3003, "Merchant has no authorization to use this API"))
status, raw = call("POST", "/payments/%s/cancel" % authorized)
expect("5002 a cancel of a captured authorization", status, raw, 400, err(5002, "Invalid transaction status"))
tool("/sandbox-tools/chargebacks", {"payment_id": captured})
status, raw = call("POST", "/refunds", {"payment_id": captured})
expect("5018 a refund under a chargeback", status, raw, 400, err(5018, "Chargeback in place for this transaction"))
status, raw = call("POST", "/secure_payments", payment("BAL-" + run, currency="USD", amount=40))
assert status == 200, raw
dollars = json.loads(raw)["id"]
tool("/sandbox-tools/balance", {"currency": "USD", "available": 10})
status, raw = call("POST", "/refunds", {"payment_id": dollars, "amount": 20, "currency": "USD"})
expect("5012 a refund past the available balance", status, raw, 400, err(5012, "Insufficient funds"))

sys.exit(0 if all(results) else 1)
