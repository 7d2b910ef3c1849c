// the object holding main is what runs, whatever the file is called
object Solution {
  def main(args: Array[String]): Unit = {
    val Array(a, b) = scala.io.StdIn.readLine().trim.split(" ").map(_.toInt)
    println(s"hello ${a + b}")
  }
}
