#include "model/knowledge.h"

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace aortalint {
namespace {

// The texts of a sequence, or nothing when the table leaves it out.
std::vector<std::string> Items(const yaml::Node* seq) { return seq ? seq->StringItems() : std::vector<std::string>{}; }

}  // namespace

Knowledge KnowledgeFromTables(const yaml::Node& collectors_table, const yaml::Node& mitigations_table) {
  Knowledge k;
  const yaml::Node* collectors = &collectors_table;
  for (const yaml::Entry& c : collectors->Get("collectors")->entries) {
    CollectorSpec spec;
    spec.name = c.key->text;
    const yaml::Node& body = *c.value;
    if (const yaml::Node* s = body.Get("summary")) spec.summary = s->text;
    if (const yaml::Node* a = body.Get("any_options")) spec.any_options = a->boolean;
    if (const yaml::Node* v = body.Get("vendor")) spec.vendor = v->text;
    if (const yaml::Node* options = body.Get("options")) {
      for (const yaml::Entry& o : options->entries) {
        OptionSpec opt;
        opt.name = o.key->text;
        const yaml::Node& ob = *o.value;
        opt.domain = Items(ob.Get("domain"));
        if (const yaml::Node* t = ob.Get("tokens")) {
          opt.tokens = true;
          opt.domain = Items(t);
        }
        if (const yaml::Node* a = ob.Get("any")) opt.any = a->boolean;
        if (const yaml::Node* n = ob.Get("nonempty")) opt.nonempty = n->boolean;
        if (const yaml::Node* d = ob.Get("default")) opt.default_value = d->text;
        if (const yaml::Node* d = ob.Get("doc")) opt.doc = d->text;
        opt.metrics = Items(ob.Get("metrics"));
        if (const yaml::Node* b = ob.Get("by_backend"))
          for (const yaml::Entry& e : b->entries) opt.by_backend[e.key->text] = Items(e.value.get());
        spec.options.push_back(std::move(opt));
      }
    }
    k.collectors.push_back(std::move(spec));
  }
  std::sort(k.collectors.begin(), k.collectors.end(),
            [](const CollectorSpec& a, const CollectorSpec& b) { return a.name < b.name; });
  k.queue_intercepting_backends = Items(collectors->Get("queue_intercepting_backends"));
  if (const yaml::Node* v = collectors->Get("backend_vendors"))
    for (const yaml::Entry& e : v->entries) k.backend_vendors[e.key->text] = e.value->text;

  const yaml::Node* registry = &mitigations_table;
  for (const yaml::Entry& m : registry->Get("mitigations")->entries) {
    auto& vars = k.mitigations[m.key->text];
    for (const yaml::Entry& v : m.value->entries) vars[v.key->text] = v.value->text;
  }
  k.environments = Items(registry->Get("environments"));
  return k;
}

const OptionSpec* CollectorSpec::Option(std::string_view option) const {
  for (const OptionSpec& o : options)
    if (o.name == option) return &o;
  return nullptr;
}

std::vector<std::string_view> CollectorSpec::OptionNames() const {
  std::vector<std::string_view> names;
  for (const OptionSpec& o : options) names.push_back(o.name);
  std::sort(names.begin(), names.end());
  return names;
}

const CollectorSpec* Knowledge::Collector(std::string_view name) const {
  for (const CollectorSpec& c : collectors)
    if (c.name == name) return &c;
  return nullptr;
}

std::vector<std::string_view> Knowledge::CollectorNames() const {
  std::vector<std::string_view> names;
  for (const CollectorSpec& c : collectors) names.push_back(c.name);
  return names;
}

bool Knowledge::IsQueueIntercepting(std::string_view backend) const {
  return std::find(queue_intercepting_backends.begin(), queue_intercepting_backends.end(), backend) !=
         queue_intercepting_backends.end();
}

}  // namespace aortalint
