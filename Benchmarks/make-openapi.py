#!/usr/bin/env python3
"""Writes a synthetic OpenAPI 3.1 document of about 3 MB and 600 operations (JSON, or YAML with
--yaml) for timing `apigen import openapi`: 300 object schemas of 12 properties (strings, numbers,
dates, enums, refs, arrays), 150 paths of 4 operations each with query, path and header params,
JSON bodies and 200/404 responses. Deterministic: the same bytes every run. `--paths N` makes N
resource paths (4N operations) instead of 150, for a smaller or larger surface."""
import json, sys

PATHS = int(sys.argv[sys.argv.index("--paths") + 1]) if "--paths" in sys.argv else 150

def schema(i):
    props = {
        "id": {"type": "integer", "format": "int64", "description": "The identifier of item %d." % i},
        "name": {"type": "string", "description": "A name, shown to people; at most 200 characters long for item %d." % i},
        "createdAt": {"type": "string", "format": "date-time", "description": "When it was created."},
        "status": {"type": "string", "enum": ["active", "paused", "archived"], "description": "Where it is in its life."},
        "price": {"type": "number", "format": "double", "description": "The price in the account's currency."},
        "tags": {"type": "array", "items": {"type": "string"}, "description": "Free-form labels."},
        "owner": {"$ref": "#/components/schemas/Model%d" % ((i + 1) % 300)},
        "children": {"type": "array", "items": {"$ref": "#/components/schemas/Model%d" % ((i + 7) % 300)}},
        "metadata": {"type": "object", "additionalProperties": {"type": "string"}, "description": "Key-value pairs."},
        "enabled": {"type": "boolean", "default": True},
        "count": {"type": "integer", "default": 0},
        "note": {"type": ["string", "null"], "description": "A note " + "lorem ipsum dolor sit amet " * 60},
    }
    return {"type": "object", "required": ["id", "name", "status"], "properties": props,
            "description": "Model %d: " % i + "a synthetic object of the benchmark document. " * 10}

def operation(i, method, resource):
    op = {
        "operationId": "%s%s%d" % (method, resource.capitalize(), i),
        "tags": ["tag%d" % (i % 12)],
        "summary": "%s %s number %d" % (method, resource, i),
        "description": "Does the %s on %s. " % (method, resource) * 40,
        "parameters": [
            {"name": "limit", "in": "query", "schema": {"type": "integer", "default": 20}},
            {"name": "X-Request-Id", "in": "header", "schema": {"type": "string"}},
        ],
        "responses": {
            "200": {"description": "OK", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Model%d" % (i % 300)}}}},
            "404": {"description": "Not found", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
        },
    }
    if method in ("post", "put"):
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Model%d" % ((i + 3) % 300)}}}}
    return op

paths = {}
for i in range(PATHS):
    resource = "resource%d" % i
    paths["/%s" % resource] = {"get": operation(i, "list", resource), "post": operation(i, "post", resource)}
    paths["/%s/{id}" % resource] = {
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "integer", "format": "int64"}}],
        "get": operation(i, "get", resource), "put": operation(i, "put", resource),
    }
schemas = {"Model%d" % i: schema(i) for i in range(300)}
schemas["Problem"] = {"type": "object", "required": ["message"], "properties": {"message": {"type": "string"}}}
doc = {"openapi": "3.1.0", "info": {"title": "Bench", "version": "1"}, "servers": [{"url": "https://api.example.com"}],
       "paths": paths, "components": {"schemas": schemas}}
if "--yaml" in sys.argv:
    import yaml
    sys.stdout.write(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True))
else:
    sys.stdout.write(json.dumps(doc, indent=1))
