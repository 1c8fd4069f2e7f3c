#include "model/pairing.h"

namespace aortalint {

std::string_view LaunchSourceName(LaunchSource source) {
  switch (source) {
    case LaunchSource::kCommandLine:
      return "the command line";
    case LaunchSource::kConfig:
      return "the config's pairs:";
    case LaunchSource::kHeaderComment:
      return "the recipe's header comment";
    case LaunchSource::kDirectory:
      return "the directory";
  }
  return "";
}

}  // namespace aortalint
