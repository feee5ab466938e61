#!/usr/bin/env python3
"""Writes a synthetic API surface twice: as apigen specs and as the equivalent OpenAPI 3.0 document.

    python3 Benchmarks/make-specs.py --apis 1000 --seed 1 --out Benchmarks/.work/specs/n1000

writes `OUT/specs/part-NNN.yaml` (one service, `Bench`, split into files of --per-file APIs; the first
file declares the environments, defaults and the envelope) and `OUT/openapi.yaml`. The same seed and
sizes always give byte-identical files.

The surface: N APIs and about N models. Every eighth model is a string enum; the others have 8-12
fields drawn from builtins, arrays, maps, enums, optionals and references to earlier models (so no
value type contains itself; by value, at most four models deep). Even APIs are
`GET /rNNNN/items/{id}` with two optional query params; odd APIs are `POST /rNNNN/items` with one
model as the JSON body. `--edit-api K` adds one optional query param to API K: the "one API's spec
changed" case of the incremental-build benchmark.

The OpenAPI twin leaves out what OpenAPI cannot say once for the whole service (the envelope and the
default header): that gives swift-openapi-generator less to generate, never more.
"""

import argparse
import json
import os
import random

MAX_DEPTH = 4  # models nested by value, the outermost included

BUILTINS = ["String", "Int", "Int32", "Int64", "Double", "Bool", "Decimal", "Date", "URL", "Data"]

# apigen builtin -> OpenAPI schema.
OPENAPI_BUILTINS = {
    "String": {"type": "string"},
    "Int": {"type": "integer"},
    "Int32": {"type": "integer", "format": "int32"},
    "Int64": {"type": "integer", "format": "int64"},
    "Double": {"type": "number", "format": "double"},
    "Float": {"type": "number", "format": "float"},
    "Bool": {"type": "boolean"},
    "Decimal": {"type": "number"},
    "Date": {"type": "string", "format": "date-time"},
    "URL": {"type": "string", "format": "uri"},
    "Data": {"type": "string", "format": "byte"},
}


def model_name(index):
    return "Model%04d" % index


def is_enum(index):
    return index % 8 == 0


def api_name(index):
    return ("Resource%04dGet" if index % 2 == 0 else "Resource%04dCreate") % index


class Surface:
    """The API surface as plain data: models (name -> fields or enum cases) and APIs."""

    def __init__(self, apis, seed):
        self.rng = random.Random(seed)
        self.count = apis
        self.depth = {}  # model index -> how many models deep its by-value nesting goes
        self.models = [self.make_model(i) for i in range(1, apis + 1)]
        self.apis = [self.make_api(i) for i in range(1, apis + 1)]

    def struct_before(self, index, by_value):
        """A struct model defined before `index`, or None for the first ones.

        A model held by value (not in an array) must be at most MAX_DEPTH - 1 levels deep itself, so
        no value nests more than MAX_DEPTH models: unbounded chains of by-value models make a struct's
        layout grow exponentially, which real APIs do not have and which no compiler handles (both
        generators' output holds models by value).
        """
        candidates = [i for i in range(max(1, index - 50), index) if not is_enum(i)]
        if by_value:
            candidates = [i for i in candidates if self.depth.get(i, 1) < MAX_DEPTH]
        return model_name(self.rng.choice(candidates)) if candidates else None

    def enum_before(self, index):
        candidates = [i for i in range(max(1, index - 50), index) if is_enum(i)]
        return model_name(self.rng.choice(candidates)) if candidates else None

    def field_type(self, index):
        """One field's type in apigen notation."""
        builtin = self.rng.choice(BUILTINS)
        kind = self.rng.choice(["builtin"] * 4 + ["optional", "array", "map", "enum", "ref", "refOptional", "refArray"])
        if kind == "optional":
            return builtin + "?"
        if kind == "array":
            return "[%s]" % self.rng.choice(["String", "Int64", "Double"])
        if kind == "map":
            return "[String: %s]" % self.rng.choice(["String", "Int", "Bool"])
        if kind == "enum":
            return self.enum_before(index) or builtin
        if kind.startswith("ref"):
            ref = self.struct_before(index, by_value=kind != "refArray")
            if ref is None:
                return builtin
            return {"ref": ref, "refOptional": ref + "?", "refArray": "[%s]" % ref}[kind]
        return builtin

    def make_model(self, index):
        name = model_name(index)
        if is_enum(index):
            cases = ["case%d" % c for c in range(self.rng.randint(3, 6))]
            return {"name": name, "enum": cases}
        fields = [("field%d" % f, self.field_type(index)) for f in range(self.rng.randint(8, 12))]
        nested = [int(type_.rstrip("?")[len("Model"):]) for _, type_ in fields if type_.rstrip("?").startswith("Model")]
        self.depth[index] = 1 + max((self.depth.get(i, 1) for i in nested), default=0)
        return {"name": name, "fields": fields}

    def struct_model(self, index):
        """The struct model an API uses: its own if a struct, else the one before."""
        return model_name(index if not is_enum(index) else index - 1)

    def make_api(self, index):
        model = self.struct_model(index)
        if index % 2 == 0:
            return {
                "name": api_name(index), "method": "GET", "path": "/r%04d/items/{id}" % index,
                "params": [("id", "Int64", "path"), ("filter", "String?", "query"), ("limit", "Int?", "query")],
                "response": model,
            }
        return {
            "name": api_name(index), "method": "POST", "path": "/r%04d/items" % index,
            "params": [], "body": model, "response": model,
        }

    def edit(self, index):
        """Adds one optional query param to API `index`."""
        if not 1 <= index <= self.count:
            raise SystemExit("--edit-api must be between 1 and %d" % self.count)
        self.apis[index - 1]["params"].append(("page", "Int?", "query"))


# ----- apigen specs -----

def quote(text):
    """The type as a YAML scalar: double-quoted where a plain one would read as a list."""
    return json.dumps(text) if text.startswith("[") else text


def spec_header(first, seed, count):
    lines = ["# Synthetic benchmark spec (make-specs.py --apis %d --seed %d). Do not edit." % (count, seed), "service: Bench"]
    if first:
        lines += [
            "description: Synthetic service for apigen's benchmarks.",
            "environments:",
            "  debug: http://127.0.0.1:8080/api",
            "  release: https://api.example.com/api",
            "defaults:",
            "  timeout: 10",
            "  headers: { X-Client: bench }",
            "  envelope: { code: code, success: [0], message: message, result: result }",
        ]
    return lines


def spec_models(models):
    lines = ["models:"]
    for model in models:
        lines.append("  %s:" % model["name"])
        lines.append("    description: Synthetic model %s." % model["name"])
        if "enum" in model:
            lines.append("    enum: [%s]" % ", ".join(model["enum"]))
            continue
        lines.append("    fields:")
        for field, type_ in model["fields"]:
            lines.append("      %s: %s" % (field, quote(type_)))
    return lines


def spec_apis(apis):
    lines = ["apis:"]
    for api in apis:
        lines += [
            "  %s:" % api["name"],
            "    description: Synthetic operation %s." % api["name"],
            "    method: %s" % api["method"],
            "    path: %s" % api["path"],
        ]
        if "body" in api:
            lines.append("    body: { type: %s }" % api["body"])
        if api["params"]:
            lines.append("    params:")
            for name, type_, location in api["params"]:
                lines.append("      %s: { type: %s, in: %s }" % (name, quote(type_), location))
        lines.append("    response: %s" % api["response"])
    return lines


def write_specs(surface, folder, per_file, seed):
    os.makedirs(folder, exist_ok=True)
    for old in os.listdir(folder):
        if old.endswith(".yaml"):
            os.remove(os.path.join(folder, old))
    for part, start in enumerate(range(0, surface.count, per_file)):
        lines = spec_header(part == 0, seed, surface.count)
        lines += spec_models(surface.models[start:start + per_file])
        lines += spec_apis(surface.apis[start:start + per_file])
        write(os.path.join(folder, "part-%03d.yaml" % part), lines)


# ----- OpenAPI twin -----

def openapi_schema(type_):
    """The OpenAPI schema of an apigen type; optionality is expressed by `required` lists."""
    if type_.endswith("?"):
        return openapi_schema(type_[:-1])
    if type_.startswith("[String: "):
        return {"type": "object", "additionalProperties": openapi_schema(type_[len("[String: "):-1])}
    if type_.startswith("["):
        return {"type": "array", "items": openapi_schema(type_[1:-1])}
    if type_ in OPENAPI_BUILTINS:
        return dict(OPENAPI_BUILTINS[type_])
    return {"$ref": "#/components/schemas/%s" % type_}


def openapi_document(surface):
    schemas = {}
    for model in surface.models:
        if "enum" in model:
            schemas[model["name"]] = {"type": "string", "description": "Synthetic model %s." % model["name"], "enum": model["enum"]}
            continue
        properties = {field: openapi_schema(type_) for field, type_ in model["fields"]}
        required = [field for field, type_ in model["fields"] if not type_.endswith("?")]
        schemas[model["name"]] = {"type": "object", "description": "Synthetic model %s." % model["name"], "properties": properties, "required": required}
    paths = {}
    for api in surface.apis:
        response_body = {"content": {"application/json": {"schema": openapi_schema(api["response"])}}}
        operation = {
            "operationId": api["name"],
            "description": "Synthetic operation %s." % api["name"],
            "responses": {"200": dict(response_body, description="OK")},
        }
        parameters = []
        for name, type_, location in api["params"]:
            parameters.append({"name": name, "in": location, "required": not type_.endswith("?"), "schema": openapi_schema(type_)})
        if parameters:
            operation["parameters"] = parameters
        if "body" in api:
            operation["requestBody"] = {"required": True, "content": {"application/json": {"schema": openapi_schema(api["body"])}}}
        paths.setdefault(api["path"], {})[api["method"].lower()] = operation
    return {
        "openapi": "3.0.3",
        "info": {"title": "Bench", "version": "1.0.0", "description": "Synthetic service for apigen's benchmarks."},
        "servers": [{"url": "http://127.0.0.1:8080/api"}],
        "paths": paths,
        "components": {"schemas": schemas},
    }


def write_openapi(surface, path):
    # JSON is YAML; one document per line keeps the writer small and the file deterministic.
    text = json.dumps(openapi_document(surface), indent=1, sort_keys=False)
    write(path, text.splitlines())


def write(path, lines):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apis", type=int, required=True, help="how many APIs (and about as many models)")
    parser.add_argument("--seed", type=int, default=1, help="random seed; the same seed gives the same files")
    parser.add_argument("--per-file", type=int, default=100, help="APIs (and models) per spec file")
    parser.add_argument("--edit-api", type=int, help="add an optional query param to this API (1-based)")
    parser.add_argument("--out", required=True, help="folder for specs/ and openapi.yaml")
    args = parser.parse_args()
    if args.apis < 2 or args.per_file < 1:
        raise SystemExit("--apis must be at least 2 and --per-file at least 1")
    surface = Surface(args.apis, args.seed)
    if args.edit_api is not None:
        surface.edit(args.edit_api)
    write_specs(surface, os.path.join(args.out, "specs"), args.per_file, args.seed)
    write_openapi(surface, os.path.join(args.out, "openapi.yaml"))


if __name__ == "__main__":
    main()
