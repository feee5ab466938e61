/// How a query or form parameter writes arrays and objects, as OpenAPI's `style` and `explode` say.
///
/// A parameter without a style keeps apigen's own rule: arrays repeat the key (`tags=a&tags=b`) and
/// objects travel as JSON text.
public enum ParameterStyle: Sendable, Hashable {
    /// OpenAPI `form`. Exploded: arrays repeat the key (`id=3&id=4`) and an object's members become
    /// keys of their own (`role=admin&name=Alex`); not exploded: values are comma-joined
    /// (`id=3,4`, `id=role,admin,name,Alex`).
    case form(explode: Bool)
    /// OpenAPI `deepObject`, nested as Stripe and `qs` write it: `metadata[order_id]=6735`,
    /// `items[0][price]=p_1`, `expand[0]=customer`.
    case deepObject
    /// Like ``deepObject``, but arrays of scalars are written `expand[]=customer` (Rails and PHP);
    /// arrays of objects keep their indexes.
    case brackets
    /// OpenAPI `pipeDelimited`: `id=3|4|5`.
    case pipeDelimited
    /// OpenAPI `spaceDelimited`: `id=3%204%205`.
    case spaceDelimited
}
