import qualified Data.ByteString.Char8 as B
import qualified Data.Map.Strict as M
import Data.Maybe (mapMaybe)

-- bytestring and containers: the packages contest Haskell reads input and keeps maps with
main :: IO ()
main = do
  nums <- map fst . mapMaybe B.readInt . B.words <$> B.getLine
  let seen = M.fromListWith (+) [(k, k) | k <- nums]
  putStrLn ("hello " ++ show (sum (M.elems seen)))
